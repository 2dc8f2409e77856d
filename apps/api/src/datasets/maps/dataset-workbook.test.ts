import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { datasetWorkbook } from './dataset-workbook.js';

describe('dataset workbook', () => {
  it("writes one sheet per area: the dataset's columns as imported, then the position and how it was placed, formulas neutralised", async () => {
    const bytes = await datasetWorkbook(['id', 'name', 'nbikes'], [
      { label: 'Westminster', rows: [{ cells: ['1', 'River Street', '4'], lon: -0.109970527, lat: 51.52916347, precision: 'coordinates' }] },
      { label: 'Camden', rows: [
        { cells: ['2', '=HYPERLINK("http://x")', '-3'], lon: -0.1, lat: 51.53, precision: 'street' },
        { cells: ['3', '@SUM(A1)', '-1+1'], lon: -0.12, lat: 51.54, precision: null },
        { cells: ['-0,5'], lon: -0.12, lat: 51.54, precision: 'city' },
      ] },
      { label: 'Westminster', rows: [] },
    ], 'fr');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Westminster', 'Camden', 'Westminster (2)']);
    const values = (sheet: string, row: number) => (workbook.getWorksheet(sheet)!.getRow(row).values as unknown[]).slice(1);
    expect(values('Westminster', 1)).toEqual(['id', 'name', 'nbikes', 'Longitude', 'Latitude', 'Placé par']);
    expect(values('Westminster', 2)).toEqual(['1', 'River Street', '4', -0.109970527, 51.52916347, 'coordonnées']);
    // A plain number, negative or not, is no formula: it stays as it was written.
    expect(values('Camden', 2)).toEqual(['2', '\'=HYPERLINK("http://x")', '-3', -0.1, 51.53, 'rue']);
    expect(values('Camden', 3)).toEqual(['3', "'@SUM(A1)", "'-1+1", -0.12, 51.54]);
    // A blank cell is an empty cell.
    expect(values('Camden', 4)).toEqual(['-0,5', undefined, undefined, -0.12, 51.54, 'ville']);
    expect(workbook.getWorksheet('Westminster (2)')!.rowCount).toBe(1);
  });
});
