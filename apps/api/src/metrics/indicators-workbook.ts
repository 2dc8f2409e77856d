/**
 * The indicators export (SPEC §7 xlsxreport/{kind}, kind `indicators`): one sheet, a row per
 * indicator of the map (its symbol and name, its formula as a reader writes it) and a column per
 * area with the indicator's value there, unrounded (the format rounds what is shown), as
 * metrics/compute gives it. No value is an empty cell; an area whose measures could not be read
 * says why in a Note row. Rows go through `safeRow` (exports/workbook-cells.ts): names are the users'.
 */
import ExcelJS from 'exceljs';
import type { Locale } from '@catchment/domain';
import { safeRow } from '../exports/workbook-cells.js';

export interface IndicatorsWorkbookInput {
  areas: { label: string; note: string | null }[];
  indicators: { symbol: string; name: string; formula: string; values: (number | null)[] }[];
}

interface Words { sheet: string; indicator: string; formula: string; note: string }

const WORDS: Record<Locale, Words> = {
  en: { sheet: 'Indicators', indicator: 'Indicator', formula: 'Formula', note: 'Note' },
  fr: { sheet: 'Indicateurs', indicator: 'Indicateur', formula: 'Formule', note: 'Remarque' },
};

/** The indicator and its formula, then one column per area. */
const FIRST_AREA_COLUMN = 3;

export async function indicatorsWorkbook({ areas, indicators }: IndicatorsWorkbookInput, locale: Locale): Promise<Uint8Array> {
  const words = WORDS[locale];
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(words.sheet);
  sheet.addRow(safeRow([words.indicator, words.formula, ...areas.map((area) => area.label)])).font = { bold: true };
  if (areas.some((area) => area.note)) {
    sheet.addRow(safeRow([words.note, null, ...areas.map((area) => area.note)])).alignment = { wrapText: true, vertical: 'top' };
  }
  sheet.views = [{ state: 'frozen', xSplit: 2, ySplit: sheet.rowCount }];
  for (const indicator of indicators) {
    const row = sheet.addRow(safeRow([`${indicator.symbol} ${indicator.name}`, indicator.formula, ...indicator.values]));
    // Two decimals shown: ratios are rarely whole; the cell keeps the exact value.
    areas.forEach((_, i) => { row.getCell(FIRST_AREA_COLUMN + i).numFmt = '#,##0.00'; });
  }
  sheet.getColumn(1).width = 32;
  sheet.getColumn(2).width = 40;
  areas.forEach((_, i) => { sheet.getColumn(FIRST_AREA_COLUMN + i).width = 18; });
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
