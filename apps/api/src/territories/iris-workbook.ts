/**
 * The IRIS detail export (SPEC §9: only below a count, IRIS_DETAIL_EXPORT_MAX_UNITS): one row per
 * IRIS an area covers and area, with the share of the IRIS inside the area (as the divisions export
 * gives it) and the IRIS's own census figures, whole (not apportioned: the census export gives the
 * area's). One column per measure of the French catalogue that some IRIS has. Rows go through
 * `safeRow` (exports/workbook-cells.ts): names come from imported files and users.
 */
import ExcelJS from 'exceljs';
import { measuresOfCountry, translate, type DivisionRow, type Locale } from '@catchment/domain';
import { safeRow } from '../exports/workbook-cells.js';
import { VALUE_FORMATS } from './census-workbook.js';

export interface IrisRow { row: DivisionRow; measures: Record<string, number> }
export interface AreaIris { areaLabel: string; iris: IrisRow[] }

const WORDS: Record<Locale, { sheet: string; headers: string[] }> = {
  en: { sheet: 'IRIS', headers: ['Area', 'IRIS code', 'IRIS', 'Commune', 'Share inside the area (%)'] },
  fr: { sheet: 'IRIS', headers: ['Zone', 'Code IRIS', 'IRIS', 'Commune', 'Part dans la zone (%)'] },
};

export async function irisWorkbook(areas: AreaIris[], locale: Locale): Promise<Uint8Array> {
  const { sheet: sheetTitle, headers } = WORDS[locale];
  const measures = measuresOfCountry('fr').filter((measure) => areas.some((area) => area.iris.some((iris) => iris.measures[measure.key] !== undefined)));
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetTitle);
  sheet.addRow(safeRow([...headers, ...measures.map((measure) => translate(locale, `measures.${measure.key}`))])).font = { bold: true };
  sheet.views = [{ state: 'frozen', xSplit: 3, ySplit: 1 }];
  for (const { areaLabel, iris } of areas) {
    for (const { row, measures: figures } of iris) {
      const added = sheet.addRow(safeRow([
        areaLabel, row.code, row.name, row.parentName ?? '', Math.round(row.share * 10_000) / 100,
        ...measures.map((measure) => figures[measure.key] ?? null),
      ]));
      measures.forEach((measure, i) => { added.getCell(headers.length + 1 + i).numFmt = VALUE_FORMATS[measure.unit]; });
    }
  }
  sheet.columns.forEach((column, i) => { column.width = [24, 12, 32, 24, 14][i] ?? 16; });
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
