/**
 * The multi-area comparison export (SPEC §6 multi-area export, §7 xlsxreport/comparison): one sheet
 * with the areas side by side. Header rows give each area's name, how it was made (its recipe, as
 * the KML export describes it), its data country and its surface; then one row per census measure
 * with a value in at least one area, each area having two columns: the value exactly as POST
 * /measures/compute gives it (the format rounds what is shown) and, where it means something, the
 * share of the group it belongs to (an age band of the population: `shareBaseOf`); the population
 * density closes the table. An area that cannot be analysed says why in a Note row. Rows go through
 * `safeRow` (exports/workbook-cells.ts): names and addresses are the users'.
 */
import ExcelJS from 'exceljs';
import { shareBaseOf, type AreaMeasures, type Locale, type MeasureValue } from '@catchment/domain';
import { safeRow, type CellInput } from '../exports/workbook-cells.js';
import { countryName, VALUE_FORMATS } from './census-workbook.js';

export interface ComparedArea {
  areaLabel: string;
  /** How the area was made (maps/export/area-description.ts), one line each. */
  description: string[];
  surfaceKm2: number;
  measures: AreaMeasures;
}

interface Words { sheet: string; area: string; description: string; country: string; surface: string; note: string; measure: string; value: string; share: string; density: string }

const WORDS: Record<Locale, Words> = {
  en: {
    sheet: 'Comparison', area: 'Area', description: 'How it was made', country: 'Data country', surface: 'Surface (km²)', note: 'Note',
    measure: 'Measure', value: 'Value', share: 'Share', density: 'Population per km²',
  },
  fr: {
    sheet: 'Comparaison', area: 'Zone', description: 'Construction', country: 'Pays des données', surface: 'Surface (km²)', note: 'Remarque',
    measure: 'Mesure', value: 'Valeur', share: 'Part', density: 'Habitants par km²',
  },
};

/** First column: what a row is; then two per area (value, share), from column 2. */
const valueColumn = (index: number) => 2 + 2 * index;

/** The measures with a value in at least one area, in the order the figures give them. */
function measuresShown(areas: readonly ComparedArea[]): MeasureValue[] {
  const shown = new Map<string, MeasureValue>();
  for (const { measures } of areas) for (const measure of measures.measures) if (measure.value !== null && !shown.has(measure.key)) shown.set(measure.key, measure);
  return [...shown.values()];
}

const valueOf = (area: ComparedArea, key: string) => area.measures.measures.find((measure) => measure.key === key)?.value ?? null;

function shareOf(area: ComparedArea, key: string): number | null {
  const base = shareBaseOf(key);
  const value = valueOf(area, key);
  const whole = base === null ? null : valueOf(area, base);
  return value === null || whole === null || whole <= 0 ? null : value / whole;
}

export async function comparisonWorkbook(areas: ComparedArea[], locale: Locale): Promise<Uint8Array> {
  const words = WORDS[locale];
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(words.sheet);
  /** A row: its label, then one cell pair per area (value or text in the first cell). */
  const header = (label: string, cells: CellInput[]) => sheet.addRow(safeRow([label, ...cells.flatMap((cell) => [cell, null])]));

  const names = header(words.area, areas.map((area) => area.areaLabel));
  names.font = { bold: true };
  const description = header(words.description, areas.map((area) => area.description.join('\n')));
  description.alignment = { wrapText: true, vertical: 'top' };
  header(words.country, areas.map((area) => countryName(area.measures.country, locale)));
  const surface = header(words.surface, areas.map((area) => area.surfaceKm2));
  if (areas.some((area) => area.measures.error)) header(words.note, areas.map((area) => area.measures.error?.message ?? null)).alignment = { wrapText: true, vertical: 'top' };
  const headerRows = sheet.rowCount;
  for (let row = 1; row <= headerRows; row += 1) areas.forEach((_, i) => sheet.mergeCells(row, valueColumn(i), row, valueColumn(i) + 1));
  areas.forEach((_, i) => { surface.getCell(valueColumn(i)).numFmt = '#,##0.00'; });

  const columns = sheet.addRow(safeRow([words.measure, ...areas.flatMap(() => [words.value, words.share])]));
  columns.font = { bold: true };
  sheet.views = [{ state: 'frozen', xSplit: 1, ySplit: sheet.rowCount }];

  for (const measure of measuresShown(areas)) {
    const row = sheet.addRow(safeRow([measure.label, ...areas.flatMap((area) => [valueOf(area, measure.key), shareOf(area, measure.key)])]));
    areas.forEach((_, i) => {
      row.getCell(valueColumn(i)).numFmt = VALUE_FORMATS[measure.unit];
      row.getCell(valueColumn(i) + 1).numFmt = '0.0%';
    });
  }
  const density = sheet.addRow(safeRow([words.density, ...areas.flatMap((area) => {
    const population = valueOf(area, 'population');
    return [population === null || area.surfaceKm2 <= 0 ? null : population / area.surfaceKm2, null];
  })]));
  areas.forEach((_, i) => { density.getCell(valueColumn(i)).numFmt = '#,##0.0'; });

  sheet.getColumn(1).width = 36;
  areas.forEach((_, i) => {
    sheet.getColumn(valueColumn(i)).width = 18;
    sheet.getColumn(valueColumn(i) + 1).width = 10;
  });
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
