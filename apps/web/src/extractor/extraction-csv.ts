/**
 * An extraction as a CSV file a spreadsheet opens in the user's language: semicolons and a decimal
 * comma in French (as French Excel expects), commas and a decimal point otherwise; a byte-order
 * mark so accents read right; codes kept as text (a postcode's leading zero).
 */
import type { ExtractedItem, Locale } from '@catchment/domain';

export interface ExtractionCsvHeadings { code: string; name: string; parentName: string; population: string; share: string }

function cell(value: string, separator: string): string {
  return /["\n\r]/.test(value) || value.includes(separator) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function extractionCsv(items: readonly ExtractedItem[], headings: ExtractionCsvHeadings, locale: Locale): string {
  const separator = locale === 'fr' ? ';' : ',';
  const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: 1, useGrouping: false });
  const rows = [
    [headings.code, headings.name, headings.parentName, headings.population, headings.share],
    ...items.map((item) => [
      // A formula-like text keeps its zeros in every spreadsheet: ="06000".
      `="${item.code}"`,
      item.name,
      item.parentName ?? '',
      item.population === null ? '' : String(item.population),
      percent.format(item.share * 100),
    ]),
  ];
  return '\uFEFF' + rows.map((row) => row.map((value) => cell(value, separator)).join(separator)).join('\r\n') + '\r\n';
}
