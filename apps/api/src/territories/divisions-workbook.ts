/**
 * The divisions export: one sheet per kind of unit (communes, postcodes, IRIS…), one row per unit
 * and area, with the covered share as a percentage. Text cells that a spreadsheet could read as a
 * formula (=, +, -, @ first) are prefixed with an apostrophe: names come from imported files.
 */
import ExcelJS from 'exceljs';
import { translate, type AreaDivisions, type Locale } from '@catchment/domain';

export interface NamedDivisions { areaLabel: string; divisions: AreaDivisions }

const HEADERS: Record<Locale, string[]> = {
  en: ['Area', 'Code', 'Name', 'Part of', 'Share inside the area (%)', 'Population', 'Related codes', 'Boundary'],
  fr: ['Zone', 'Code', 'Nom', 'Rattachement', 'Part dans la zone (%)', 'Population', 'Codes associés', 'Contour'],
};
const POINT_ONLY: Record<Locale, [string, string]> = { en: ['boundary', 'point only'], fr: ['contour', 'point seulement'] };

export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
export function sheetName(label: string, taken: Set<string>): string {
  const base = label.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);
  let name = base;
  for (let n = 2; taken.has(name); n += 1) name = `${base.slice(0, 27)} (${n})`;
  taken.add(name);
  return name;
}

export async function divisionsWorkbook(areas: NamedDivisions[], locale: Locale): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const kinds = [...new Set(areas.flatMap((area) => area.divisions.divisions.map((list) => list.kind)))];
  const taken = new Set<string>();
  for (const kind of kinds) {
    const sheet = workbook.addWorksheet(sheetName(translate(locale, `unitKinds.${kind}`), taken));
    sheet.addRow(HEADERS[locale]).font = { bold: true };
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
    for (const area of areas) {
      const rows = area.divisions.divisions.find((list) => list.kind === kind)?.rows ?? [];
      for (const row of rows) {
        sheet.addRow([
          neutraliseFormula(area.areaLabel), neutraliseFormula(row.code), neutraliseFormula(row.name),
          neutraliseFormula(row.parentName ?? ''), Math.round(row.share * 10_000) / 100, row.population ?? null,
          (row.related ?? []).join(', '), row.geometry === 'point' ? POINT_ONLY[locale][1] : POINT_ONLY[locale][0],
        ]);
      }
    }
    sheet.columns.forEach((column, i) => { column.width = [24, 12, 32, 24, 14, 14, 24, 14][i] ?? 14; });
  }
  if (kinds.length === 0) workbook.addWorksheet('-').addRow(HEADERS[locale]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
