/**
 * What the formula editor's search box makes of what the user types: an operator key (the ASCII
 * ones and the signs the buttons show) is an operator chip, a number typed the user's way (`1,5`
 * in French, `1,000` in English) is a value chip; anything else searches the measures.
 */
import { FORMULA_OPERATORS, type FormulaOperator, type FormulaToken } from '@catchment/domain';

const TYPED_OPERATORS: Readonly<Record<string, FormulaOperator>> = {
  ...Object.fromEntries(FORMULA_OPERATORS.map((operator) => [operator, operator])),
  '−': '-', '×': '*', '÷': '/',
};

/** The operator a key adds (`+`, `-`, `*`, `/`, `(`, `)`, `−`, `×`, `÷`), or null. */
export function operatorOfKey(key: string): FormulaOperator | null {
  return TYPED_OPERATORS[key] ?? null;
}

/** The separators a locale writes numbers with (`,` and `.` in English, ` ` and `,` in French). */
function separators(locale: string): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  };
}

/**
 * The number typed, read the locale's way (its group separator, and any space, ignored; its decimal
 * separator, or a dot, as the decimal point); null when the text is not a finite number.
 */
export function parseTypedNumber(text: string, locale: string): number | null {
  const { group, decimal } = separators(locale);
  let compact = text.trim().replace(/[\s\u00a0\u202f]/g, '');
  if (group !== decimal && group !== '.') compact = compact.split(group).join('');
  if (decimal !== '.') compact = compact.replace(decimal, '.');
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(compact)) return null;
  const value = Number(compact);
  return Number.isFinite(value) ? value : null;
}

/** The chip a typed text adds on Enter when it is a number (null: it searches the measures). */
export function valueTokenOf(text: string, locale: string): FormulaToken | null {
  const value = parseTypedNumber(text, locale);
  return value === null ? null : { type: 'value', value };
}
