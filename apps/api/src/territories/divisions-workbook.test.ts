import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { divisionsWorkbook } from './divisions-workbook.js';

describe('divisions workbook', () => {
  it('neutralises text of every cell a spreadsheet would read as a formula', async () => {
    const buffer = await divisionsWorkbook([{
      areaLabel: '+Centre',
      divisions: {
        areaId: 'a', country: 'fr',
        divisions: [{ kind: 'fr_cities', rows: [{ code: '06088', name: '=HYPERLINK("x")', parentName: '@x', share: 1, geometry: 'polygon', population: 1, related: ['=1', '06000'] }] }],
      },
    }], 'en');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    const row = workbook.getWorksheet('Communes (France)')!.getRow(2).values as unknown[];
    expect(row.slice(1, 5)).toEqual(["'+Centre", '06088', '\'=HYPERLINK("x")', "'@x"]);
    expect(row[7]).toBe("'=1, 06000");
  });

  it('writes one sheet per kind with a row per unit and area, shares in percent', async () => {
    const buffer = await divisionsWorkbook([{
      areaLabel: 'Centre',
      divisions: {
        areaId: 'a', country: 'fr',
        divisions: [
          { kind: 'fr_cities', rows: [{ code: '06088', name: 'Nice', share: 0.12345, geometry: 'polygon', population: 357_737, related: ['06000', '06100'] }] },
          { kind: 'fr_postcodes', rows: [{ code: '06000', name: 'Nice', share: 1, geometry: 'point', population: null }] },
        ],
      },
    }], 'en');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Communes (France)', 'Postcodes (France)']);
    const row = workbook.getWorksheet('Communes (France)')!.getRow(2).values as unknown[];
    expect(row.slice(1)).toEqual(['Centre', '06088', 'Nice', '', 12.35, 357_737, '06000, 06100', 'boundary']);
    expect(workbook.getWorksheet('Postcodes (France)')!.getRow(2).getCell(8).value).toBe('point only');
  });
});
