/**
 * What every XLSX export writes into its cells. Text comes from users and imported files (area
 * labels, unit names, business names), and a spreadsheet takes a cell beginning with = + - @, a
 * tab or a carriage return for a formula once it is edited or saved as CSV (formula injection):
 * such text is written with a leading apostrophe, so it stays text. A plain number written as
 * text (a negative one starts with a minus, and means nothing else) is kept as it is. Builders
 * write whole rows through `safeRow`, so no cell can be forgotten.
 */
import type { CellValue } from 'exceljs';

export type CellInput = string | number | boolean | Date | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+([.,]\d*)?$/;

export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** A cell's value: text neutralised, numbers, booleans and dates as they are, nothing as an empty cell. */
export function safeCell(value: CellInput): CellValue {
  if (value === undefined) return null;
  return typeof value === 'string' ? neutraliseFormula(value) : value;
}

export const safeRow = (values: readonly CellInput[]): CellValue[] => values.map(safeCell);

/** Sheet names: at most 31 characters, none of : \ / ? * [ ], each once in a workbook (`taken`). */
export function sheetName(label: string, taken: Set<string>): string {
  const base = label.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);
  let name = base;
  for (let n = 2; taken.has(name); n += 1) name = `${base.slice(0, 27)} (${n})`;
  taken.add(name);
  return name;
}
