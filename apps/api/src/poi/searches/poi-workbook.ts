/**
 * The export of a search's businesses (SPEC §9 POI activity columns): one sheet per area, one row
 * per business, its name and recipe (categories), address and position; French establishments
 * also carry their activity (NAF) and size (headcount band), and those placed by their IRIS the
 * share of the IRIS inside the area. Built in a compute thread (exceljs holds the whole workbook).
 */
import ExcelJS from 'exceljs';
import type { Locale } from '@catchment/domain';
import { safeRow, sheetName } from '../../exports/workbook-cells.js';

export interface PoiWorkbookRow {
  name: string | null;
  categories: string;
  address: string | null;
  brand: string | null;
  openingHours: string | null;
  website: string | null;
  lon: number | null;
  lat: number | null;
  naf: string | null;
  activity: string | null;
  size: string | null;
  iris: string | null;
  share: number | null;
}

export interface PoiWorkbookSheet { areaLabel: string; rows: PoiWorkbookRow[] }

const HEADERS: Record<Locale, { common: string[]; institutions: string[] }> = {
  en: {
    common: ['Name', 'Category', 'Address', 'Brand', 'Opening hours', 'Website', 'Longitude', 'Latitude'],
    institutions: ['NAF code', 'Activity', 'Size (employees)', 'IRIS', 'Share of the IRIS inside the area (%)'],
  },
  fr: {
    common: ['Nom', 'Catégorie', 'Adresse', 'Enseigne', "Horaires d'ouverture", 'Site web', 'Longitude', 'Latitude'],
    institutions: ['Code NAF', 'Activité', 'Taille (salariés)', 'IRIS', "Part de l'IRIS dans la zone (%)"],
  },
};

export async function poiWorkbook(sheets: PoiWorkbookSheet[], institutions: boolean, locale: Locale): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const headers = [...HEADERS[locale].common, ...(institutions ? HEADERS[locale].institutions : [])];
  const taken = new Set<string>();
  for (const { areaLabel, rows } of sheets) {
    const sheet = workbook.addWorksheet(sheetName(areaLabel, taken));
    sheet.addRow(headers).font = { bold: true };
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
    for (const row of rows) {
      sheet.addRow(safeRow([
        row.name, row.categories, row.address, row.brand, row.openingHours, row.website, row.lon, row.lat,
        ...(institutions ? [row.naf, row.activity, row.size, row.iris, row.share === null ? null : Math.round(row.share * 10_000) / 100] : []),
      ]));
    }
    sheet.columns.forEach((column, i) => { column.width = [32, 24, 40, 18, 24, 28, 12, 12, 10, 40, 18, 12, 16][i] ?? 14; });
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
