/**
 * A column's cells as numbers that add up exactly. Each cell is read as the import reads numbers
 * (parseDecimal: a decimal point or comma, spaces between thousands); text that is no number is
 * NaN, skipped by sums and averages. The numbers of one grid cell are kept as integers scaled by
 * one power of ten (12,5 and 3 → 125 and 30 at one decimal), so that adding any of them in any
 * order is exact, as PostgreSQL's numeric sum is: sums of a dataset's column do not depend on which
 * buckets or cells a polygon takes them from. Numbers too long for that (more than 15 significant
 * digits, or a total beyond 2^53 once scaled) are kept as plain doubles, and their sums are then as
 * exact as doubles are.
 */
import { parseDecimal } from '@catchment/domain';

export interface DecimalCells {
  /** One per cell: the number × 10^decimals, or NaN for a cell that holds none. */
  values: Float64Array;
  /** The power of ten the values are scaled by; -1: plain doubles, not scaled. */
  decimals: number;
  /** The most decimals a number was written with, trailing zeros too (PostgreSQL's display scale of "2.500" is 3). */
  displayScale: number;
}

/**
 * A number's digits as written: the sign, every digit without the point, how many are decimals
 * (trailing zeros dropped), and how many were written.
 */
interface WrittenNumber { negative: boolean; digits: string; decimals: number; written: number }

function written(text: string): WrittenNumber | null {
  if (parseDecimal(text) === null) return null;
  const trimmed = text.trim().replace(/\s+/g, '');
  const negative = trimmed.startsWith('-');
  const [whole = '', fraction = ''] = trimmed.replace(/^[+-]/, '').split(/[.,]/);
  const kept = fraction.replace(/0+$/, '');
  return { negative, digits: `${whole}${kept}`.replace(/^0+/, '') || '0', decimals: kept.length, written: fraction.length };
}

/** The cells (null: a row without that cell) as scaled integers, or as doubles when they cannot all be. */
export function decimalCells(texts: readonly (string | null)[]): DecimalCells {
  const numbers = texts.map((text) => (text === null ? null : written(text)));
  const decimals = numbers.reduce((most, number) => Math.max(most, number?.decimals ?? 0), 0);
  const displayScale = numbers.reduce((most, number) => Math.max(most, number?.written ?? 0), 0);
  const values = new Float64Array(texts.length);
  let total = 0;
  for (const [i, number] of numbers.entries()) {
    if (!number) {
      values[i] = Number.NaN;
      continue;
    }
    const scaled = Number(number.digits + '0'.repeat(decimals - number.decimals));
    total += scaled;
    // Past 2^53 an integer is no longer exact, nor is a sum reaching it.
    if (number.digits.length + decimals - number.decimals > 15 || !(total <= Number.MAX_SAFE_INTEGER)) return asDoubles(texts, displayScale);
    values[i] = number.negative ? -scaled : scaled;
  }
  return { values, decimals, displayScale };
}

function asDoubles(texts: readonly (string | null)[], displayScale: number): DecimalCells {
  return { values: Float64Array.from(texts, (text) => (text === null ? null : parseDecimal(text)) ?? Number.NaN), decimals: -1, displayScale };
}
