import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { AreaMeasures, MeasureValue } from '@catchment/domain';
import { censusWorkbook } from './census-workbook.js';

const figure = (fields: Partial<MeasureValue> & Pick<MeasureValue, 'key' | 'label' | 'value'>): MeasureValue =>
  ({ unit: 'people', group: 'population', aggregation: 'sum', coverage: 1, sources: ['fr_cities'], ...fields });

const nice: AreaMeasures = {
  areaId: 'a', country: 'fr',
  measures: [
    figure({ key: 'population', label: 'Population', value: 123_456.789, coverage: 0.98765 }),
    figure({ key: 'population_0014', label: 'Aged 0 to 14', value: 17_000.25, group: 'age', sources: ['fr_iris', 'fr_cities'] }),
    figure({ key: 'csp_1', label: 'Farmers', value: null, group: 'socioProfessional' }),
  ],
};
const tooLarge: AreaMeasures = { areaId: 'b', country: 'ww', measures: [], error: { code: 'POLYGON_TOO_LARGE', message: 'This area is too large' } };

async function rowsOf(bytes: Uint8Array, sheet: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.getWorksheet(sheet)!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('census workbook', () => {
  it('writes a row per area and measure with a value, values unrounded, and a row saying why for an area not analysed', async () => {
    const rows = await rowsOf(await censusWorkbook([{ areaLabel: 'Nice', measures: nice }, { areaLabel: 'Everywhere', measures: tooLarge }], 'en'), 'Census');
    expect(rows[0]).toEqual(['Area', 'Data country', 'Group', 'Measure', 'Value', 'Unit', 'Share of the area covered (%)', 'Territories used', 'Note']);
    expect(rows.slice(1)).toEqual([
      ['Nice', 'France', 'Population', 'Population', 123_456.789, 'people', 98.77, 'Communes (France)'],
      ['Nice', 'France', 'Age', 'Aged 0 to 14', 17_000.25, 'people', 100, 'IRIS (France), Communes (France)'],
      ['Everywhere', 'World', undefined, undefined, undefined, undefined, undefined, undefined, 'This area is too large'],
    ]);
  });

  it('speaks French and keeps labels a spreadsheet would run as text', async () => {
    const rows = await rowsOf(await censusWorkbook([{ areaLabel: '=cmd|"/c calc"!A1', measures: { ...nice, country: 'us' } }], 'fr'), 'Recensement');
    expect(rows[0]![0]).toBe('Zone');
    expect(rows[1]!.slice(0, 3)).toEqual(['\'=cmd|"/c calc"!A1', 'États-Unis', 'Population']);
  });

  it('formats values for their unit', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await censusWorkbook([{ areaLabel: 'Nice', measures: nice }], 'en') as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('Census')!.getRow(2).getCell(5).numFmt).toBe('#,##0');
  });
});
