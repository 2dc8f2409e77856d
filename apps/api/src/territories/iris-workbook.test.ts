import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { DivisionRow } from '@catchment/domain';
import { irisWorkbook } from './iris-workbook.js';

const row = (code: string, name: string, share: number): DivisionRow => ({ code, name, parentName: 'Strasbourg', share, geometry: 'polygon', population: null });

async function rowsOf(bytes: Uint8Array, sheet: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.getWorksheet(sheet)!.eachRow((entry) => rows.push((entry.values as unknown[]).slice(1)));
  return rows;
}

describe('IRIS workbook', () => {
  it('writes a row per IRIS and area with its share and its own figures, a column per measure some IRIS has', async () => {
    const bytes = await irisWorkbook([
      { areaLabel: 'Centre', iris: [{ row: row('674820101', 'Cathédrale', 0.123456), measures: { population: 2_345.5, population_0014: 300 } }] },
      { areaLabel: '@SUM(A1)', iris: [{ row: row('674820102', '+Gare', 1), measures: { population: 1_000 } }] },
    ], 'en');
    const rows = await rowsOf(bytes, 'IRIS');
    expect(rows[0]).toEqual(['Area', 'IRIS code', 'IRIS', 'Commune', 'Share inside the area (%)', 'Population', 'Aged 0 to 14']);
    expect(rows.slice(1)).toEqual([
      ['Centre', '674820101', 'Cathédrale', 'Strasbourg', 12.35, 2_345.5, 300],
      ["'@SUM(A1)", '674820102', "'+Gare", 'Strasbourg', 100, 1_000],
    ]);
  });

  it('speaks French', async () => {
    const rows = await rowsOf(await irisWorkbook([{ areaLabel: 'Centre', iris: [] }], 'fr'), 'IRIS');
    expect(rows).toEqual([['Zone', 'Code IRIS', 'IRIS', 'Commune', 'Part dans la zone (%)']]);
  });
});
