import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { neutraliseFormula, safeRow, sheetName } from './workbook-cells.js';

describe('workbook cells', () => {
  it('neutralises text a spreadsheet would read as a formula', () => {
    for (const text of ['=HYPERLINK("http://x","y")', '+1+1', '-1+1', '@SUM(A1)', '\t=1', '\r=1', '=1']) {
      expect(neutraliseFormula(text)).toBe(`'${text}`);
    }
    expect(neutraliseFormula('Nice')).toBe('Nice');
    expect(neutraliseFormula('a=1')).toBe('a=1');
  });

  it('keeps plain numbers written as text', () => {
    expect(neutraliseFormula('-12.5')).toBe('-12.5');
    expect(neutraliseFormula('+33612345678')).toBe('+33612345678');
  });

  it('writes rows whose text cells stay text once read back, numbers and empty cells as they are', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Sheet').addRow(safeRow(['=1+2', 3.5, null, undefined, true, '-cmd|calc']));
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(await workbook.xlsx.writeBuffer());
    const row = read.getWorksheet('Sheet')!.getRow(1);
    expect([1, 2, 3, 4, 5, 6].map((column) => row.getCell(column).value)).toEqual(["'=1+2", 3.5, null, null, true, "'-cmd|calc"]);
    expect(row.getCell(1).type).toBe(ExcelJS.ValueType.String);
  });

  it('names sheets within 31 characters, without the characters Excel refuses, each once', () => {
    const taken = new Set<string>();
    expect(sheetName('a/b:c', taken)).toBe('a b c');
    expect(sheetName('a/b:c', taken)).toBe('a b c (2)');
    expect(sheetName('x'.repeat(40), taken)).toHaveLength(31);
  });
});
