/**
 * The divisions export: one sheet per kind of unit (communes, postcodes, IRIS…), one row per unit
 * and area, with the covered share as a percentage. Rows go through `safeRow`: names come from
 * imported files (exports/workbook-cells.ts).
 */
import ExcelJS from 'exceljs';
import { translate, type AreaDivisions, type Locale } from '@catchment/domain';
import { safeRow, sheetName } from '../exports/workbook-cells.js';

export interface NamedDivisions { areaLabel: string; divisions: AreaDivisions }

const HEADERS: Record<Locale, string[]> = {
  en: ['Area', 'Code', 'Name', 'Part of', 'Share inside the area (%)', 'Population', 'Related codes', 'Boundary'],
  fr: ['Zone', 'Code', 'Nom', 'Rattachement', 'Part dans la zone (%)', 'Population', 'Codes associés', 'Contour'],
};
const POINT_ONLY: Record<Locale, [string, string]> = { en: ['boundary', 'point only'], fr: ['contour', 'point seulement'] };

export async function divisionsWorkbook(areas: NamedDivisions[], locale: Locale): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const kinds = [...new Set(areas.flatMap((area) => area.divisions.divisions.map((list) => list.kind)))];
  const taken = new Set<string>();
  for (const kind of kinds) {
    const sheet = workbook.addWorksheet(sheetName(translate(locale, `unitKinds.${kind}`), taken));
    sheet.addRow(HEADERS[locale]).font = { bold: true };
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
    for (const area of areas) {
      const rows = area.divisions.divisions.find((list) => list.kind === kind)?.rows ?? [];
      for (const row of rows) {
        sheet.addRow(safeRow([
          area.areaLabel, row.code, row.name, row.parentName ?? '', Math.round(row.share * 10_000) / 100, row.population ?? null,
          (row.related ?? []).join(', '), row.geometry === 'point' ? POINT_ONLY[locale][1] : POINT_ONLY[locale][0],
        ]));
      }
    }
    sheet.columns.forEach((column, i) => { column.width = [24, 12, 32, 24, 14, 14, 24, 14][i] ?? 14; });
  }
  if (kinds.length === 0) workbook.addWorksheet('-').addRow(HEADERS[locale]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
