import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { AreaMeasures, MeasureValue } from '@catchment/domain';
import { comparisonWorkbook, type ComparedArea } from './comparison-workbook.js';

const figure = (fields: Partial<MeasureValue> & Pick<MeasureValue, 'key' | 'label' | 'value'>): MeasureValue =>
  ({ unit: 'people', group: 'population', aggregation: 'sum', coverage: 1, sources: ['fr_iris'], ...fields });

const measures = (areaId: string, population: number, young: number | null, farmers: number, aged15: number): AreaMeasures => ({
  areaId, country: 'fr',
  measures: [
    figure({ key: 'population', label: 'Population', value: population }),
    figure({ key: 'population_0014', label: 'Aged 0 to 14', value: young, group: 'age' }),
    figure({ key: 'population_15p', label: 'Aged 15 or more', value: aged15, group: 'socioProfessional' }),
    figure({ key: 'csp_1', label: 'Farmers', value: farmers, group: 'socioProfessional' }),
  ],
});

const nice: ComparedArea = { areaLabel: 'Nice 10 km', description: ['As the crow flies, 10 km', 'Start: Nice'], surfaceKm2: 314.15, measures: measures('a', 300_000.5, 45_000.25, 30, 250_000) };
const antibes: ComparedArea = { areaLabel: '=HYPERLINK("http://x")', description: ['Drawn polygon'], surfaceKm2: 50, measures: measures('b', 50_000, null, 100, 40_000) };
const sea: ComparedArea = {
  areaLabel: 'At sea', description: ['Drawn polygon'], surfaceKm2: 12,
  measures: { areaId: 'c', country: 'ww', measures: [], error: { code: 'NO_DATA_FOR_COUNTRY', message: 'No data for this country' } },
};

async function sheetOf(bytes: Uint8Array, name: string): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.getWorksheet(name)!;
}

const rowValues = (sheet: ExcelJS.Worksheet, index: number) => (sheet.getRow(index).values as unknown[]).slice(1);

describe('comparison workbook', () => {
  it('puts the areas side by side: names, recipes, country and surface on top, then a value and a share per measure', async () => {
    const sheet = await sheetOf(await comparisonWorkbook([nice, antibes], 'en'), 'Comparison');
    expect(rowValues(sheet, 1)).toEqual(['Area', 'Nice 10 km', 'Nice 10 km', '\'=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")']);
    expect(sheet.getCell(2, 2).value).toBe('As the crow flies, 10 km\nStart: Nice');
    expect(sheet.getCell(3, 2).value).toBe('France');
    expect([sheet.getCell(4, 2).value, sheet.getCell(4, 4).value]).toEqual([314.15, 50]);
    expect(rowValues(sheet, 5)).toEqual(['Measure', 'Value', 'Share', 'Value', 'Share']);
    // Values unrounded (the same as measures/compute); shares of the group's whole; none for the population itself.
    expect(rowValues(sheet, 6)).toEqual(['Population', 300_000.5, undefined, 50_000]);
    expect(rowValues(sheet, 7)).toEqual(['Aged 0 to 14', 45_000.25, 45_000.25 / 300_000.5]);
    expect(rowValues(sheet, 8)).toEqual(['Aged 15 or more', 250_000, 250_000 / 300_000.5, 40_000, 40_000 / 50_000]);
    expect(rowValues(sheet, 9)).toEqual(['Farmers', 30, 30 / 250_000, 100, 100 / 40_000]);
    expect(rowValues(sheet, 10)).toEqual(['Population per km²', 300_000.5 / 314.15, undefined, 50_000 / 50]);
    expect(sheet.getCell(7, 3).numFmt).toBe('0.0%');
    expect(sheet.getCell(6, 2).numFmt).toBe('#,##0');
  });

  it('says why an area has no figures, in French', async () => {
    const sheet = await sheetOf(await comparisonWorkbook([nice, sea], 'fr'), 'Comparaison');
    expect(sheet.getCell(1, 1).value).toBe('Zone');
    expect(sheet.getCell(3, 4).value).toBe('Monde');
    expect([sheet.getCell(5, 1).value, sheet.getCell(5, 2).value, sheet.getCell(5, 4).value]).toEqual(['Remarque', null, 'No data for this country']);
    expect(rowValues(sheet, 6)).toEqual(['Mesure', 'Valeur', 'Part', 'Valeur', 'Part']);
    expect(rowValues(sheet, 7)).toEqual(['Population', 300_000.5]);
    expect(sheet.getCell(11, 1).value).toBe('Habitants par km²');
  });
});
