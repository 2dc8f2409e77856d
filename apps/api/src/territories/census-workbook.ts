/**
 * The census export (SPEC §7 xlsxreport/census): one sheet, one row per area and measure with a
 * value, the values exactly as POST /measures/compute gives them (apportioned, unrounded; the
 * cell's format rounds what is shown), with the share of the area the figure covers and the kinds
 * of units it comes from. An area that cannot be analysed (too large, no data for its country)
 * has one row saying why. Rows go through `safeRow` (exports/workbook-cells.ts).
 */
import ExcelJS from 'exceljs';
import { translate, type AreaMeasures, type Country, type Locale, type MeasureUnit } from '@catchment/domain';
import { safeRow } from '../exports/workbook-cells.js';

export interface NamedMeasures { areaLabel: string; measures: AreaMeasures }

interface Words { sheet: string; headers: string[]; units: Record<MeasureUnit, string>; world: string }

const WORDS: Record<Locale, Words> = {
  en: {
    sheet: 'Census',
    headers: ['Area', 'Data country', 'Group', 'Measure', 'Value', 'Unit', 'Share of the area covered (%)', 'Territories used', 'Note'],
    units: { people: 'people', currency: 'amount', percent: 'share' },
    world: 'World',
  },
  fr: {
    sheet: 'Recensement',
    headers: ['Zone', 'Pays des données', 'Thème', 'Mesure', 'Valeur', 'Unité', 'Part de la zone couverte (%)', 'Territoires utilisés', 'Remarque'],
    units: { people: 'personnes', currency: 'montant', percent: 'part' },
    world: 'Monde',
  },
};

export const VALUE_FORMATS: Record<MeasureUnit, string> = { people: '#,##0', currency: '#,##0', percent: '0.0%' };
const VALUE_COLUMN = 5;
const WIDTHS = [24, 16, 24, 40, 14, 12, 16, 32, 40];

/** The country a figure's data comes from, in the reader's language (`ww`: the world). */
export function countryName(country: Country, locale: Locale): string {
  if (country === 'ww') return WORDS[locale].world;
  return new Intl.DisplayNames([locale], { type: 'region' }).of(country.toUpperCase()) ?? country;
}

export async function censusWorkbook(areas: NamedMeasures[], locale: Locale): Promise<Uint8Array> {
  const words = WORDS[locale];
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(words.sheet);
  sheet.addRow(words.headers).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const { areaLabel, measures: result } of areas) {
    const country = countryName(result.country, locale);
    if (result.error) {
      sheet.addRow(safeRow([areaLabel, country, null, null, null, null, null, null, result.error.message]));
      continue;
    }
    for (const measure of result.measures) {
      if (measure.value === null) continue;
      const row = sheet.addRow(safeRow([
        areaLabel, country, translate(locale, `measureGroups.${measure.group}`), measure.label, measure.value, words.units[measure.unit],
        measure.coverage === null ? null : Math.round(measure.coverage * 10_000) / 100,
        measure.sources.map((kind) => translate(locale, `unitKinds.${kind}`)).join(', '), null,
      ]));
      row.getCell(VALUE_COLUMN).numFmt = VALUE_FORMATS[measure.unit];
    }
  }
  sheet.columns.forEach((column, i) => { column.width = WIDTHS[i] ?? 14; });
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
