/**
 * The rows an import could not place, as a CSV file the user opens in a spreadsheet, fixes and
 * imports again: the file's columns after the row number, UTF-8 with a byte-order mark (so that
 * Excel reads accents), cells that would run as formulas neutralised.
 */
import Papa from 'papaparse';
import { neutraliseFormula } from '../../exports/workbook-cells.js';

export function notPlacedCsv(columns: readonly string[], rows: readonly { row_number: number; cells: readonly string[] }[]): string {
  const table = [['row', ...columns], ...rows.map((row) => [String(row.row_number), ...columns.map((_, i) => neutraliseFormula(row.cells[i] ?? ''))])];
  return `\uFEFF${Papa.unparse(table)}\r\n`;
}
