/**
 * The rows of an uploaded workbook's first sheet as arrays of cell texts (exceljs's streaming
 * reader: the sheet is never held whole). Numbers keep every digit they were stored with, dates
 * are written as ISO dates, formulas give their cached result, rich text and hyperlinks their
 * text. Empty rows are skipped.
 */
import ExcelJS from 'exceljs';

type CellValue = ExcelJS.CellValue;

/** The text of one cell as a user reads it. */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return isoDate(value);
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: CellValue }).result ?? null);
  if ('hyperlink' in value) return cellText((value as { text?: CellValue }).text ?? value.hyperlink);
  if ('error' in value) return '';
  return '';
}

/** A date without its time when it has none (what a date-only cell holds). */
function isoDate(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

export async function* readXlsxRows(file: string): AsyncGenerator<string[]> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: 'cache', hyperlinks: 'cache', styles: 'cache', worksheets: 'emit' });
  for await (const worksheet of workbook) {
    for await (const row of worksheet) {
      // row.values is 1-based and sparse (index 0 is unused, missing cells are holes).
      const values = row.values as CellValue[];
      const cells = Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => cellText(values[i + 1] ?? null).trim());
      if (cells.some((cell) => cell !== '')) yield cells;
    }
    // The first sheet only: a workbook's other sheets are notes, totals or lookups, not the list.
    return;
  }
}
