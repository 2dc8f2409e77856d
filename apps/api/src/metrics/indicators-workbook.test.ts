import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { indicatorsWorkbook } from './indicators-workbook.js';

async function firstSheet(bytes: Uint8Array): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

const rowValues = (sheet: ExcelJS.Worksheet, index: number) => (sheet.getRow(index).values as unknown[]).slice(1);

describe('indicators workbook', () => {
  it('gives a row per indicator with its formula and its exact value in each area', async () => {
    const sheet = await firstSheet(await indicatorsWorkbook({
      areas: [{ label: 'Nice 10 km', note: null }, { label: '=cmd|calc', note: null }],
      indicators: [
        { symbol: '🍽️', name: 'Population per restaurant', formula: 'Population ÷ Restaurants', values: [1234.5678, null] },
        { symbol: '📊', name: '+ young', formula: 'Aged 0 to 14 ÷ Population', values: [0.1523, 0.2] },
      ],
    }, 'en'));
    expect(sheet.name).toBe('Indicators');
    expect(rowValues(sheet, 1)).toEqual(['Indicator', 'Formula', 'Nice 10 km', "'=cmd|calc"]);
    expect(rowValues(sheet, 2)).toEqual(['🍽️ Population per restaurant', 'Population ÷ Restaurants', 1234.5678]);
    expect(rowValues(sheet, 3)).toEqual(['📊 + young', 'Aged 0 to 14 ÷ Population', 0.1523, 0.2]);
    expect(sheet.getCell(2, 3).numFmt).toBe('#,##0.00');
  });

  it('says why an area has no values, in French', async () => {
    const sheet = await firstSheet(await indicatorsWorkbook({
      areas: [{ label: 'En mer', note: 'Aucune donnée pour ce pays' }],
      indicators: [{ symbol: '📊', name: 'Densité', formula: 'Population ÷ 2', values: [null] }],
    }, 'fr'));
    expect(sheet.name).toBe('Indicateurs');
    expect(rowValues(sheet, 2)).toEqual(['Remarque', undefined, 'Aucune donnée pour ce pays']);
    expect(rowValues(sheet, 3)).toEqual(['📊 Densité', 'Population ÷ 2']);
  });
});
