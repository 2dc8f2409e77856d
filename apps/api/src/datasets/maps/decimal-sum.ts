/**
 * The sum of a column's numbers over several grid cells, each cell's part an exact integer at its
 * own scale (decimal-cells.ts): added as a big integer at the largest scale, then read as the
 * double nearest the exact decimal total, which is what PostgreSQL gives for a numeric sum cast to
 * float8. The mean is PostgreSQL's numeric avg cast to float8: the exact total divided by the count,
 * rounded (half away from zero) to the decimals its division keeps (select_div_scale: at least 16
 * significant digits, at least the numbers' own decimals), then to the nearest double. Parts kept as
 * plain doubles (scale -1) are added with Neumaier's compensation, and make the result as exact as
 * doubles allow.
 */

export class DecimalSum {
  private scaled = 0n;
  private decimals = 0;
  private inexact: { sum: number; compensation: number } | undefined;

  /** Adds a cell's part: an integer × 10^-decimals, or a double when decimals is -1. */
  add(part: number, decimals: number): void {
    if (decimals < 0) {
      this.inexact ??= { sum: 0, compensation: 0 };
      const { sum } = this.inexact;
      const next = sum + part;
      this.inexact.compensation += Math.abs(sum) >= Math.abs(part) ? (sum - next) + part : (part - next) + sum;
      this.inexact.sum = next;
      return;
    }
    if (decimals > this.decimals) {
      this.scaled *= 10n ** BigInt(decimals - this.decimals);
      this.decimals = decimals;
    }
    this.scaled += BigInt(part) * 10n ** BigInt(this.decimals - decimals);
  }

  /** The total, as the double nearest it. */
  value(): number {
    const exact = Number(`${this.scaled}e-${this.decimals}`);
    return this.inexact ? exact + this.inexact.sum + this.inexact.compensation : exact;
  }

  /**
   * The total ÷ count as PostgreSQL's avg over numeric gives it; null for no numbers.
   * `displayScale`: the most decimals any of the numbers was written with (trailing zeros too),
   * the display scale of PostgreSQL's numeric sum.
   */
  mean(count: number, displayScale: number): number | null {
    if (count === 0) return null;
    if (this.inexact) return this.value() / count;
    const magnitude = this.scaled < 0n ? -this.scaled : this.scaled;
    const total = leadingGroup(magnitude.toString(), this.decimals);
    const divisor = leadingGroup(String(count), 0);
    const weight = total.weight - divisor.weight - (total.first <= divisor.first ? 1 : 0);
    const scale = Math.min(NUMERIC_MAX_DISPLAY_SCALE, Math.max(NUMERIC_MIN_SIG_DIGITS - weight * DEC_DIGITS, displayScale, 0));
    const numerator = magnitude * 10n ** BigInt(Math.max(0, scale - this.decimals));
    const denominator = BigInt(count) * 10n ** BigInt(Math.max(0, this.decimals - scale));
    let quotient = numerator / denominator;
    if (2n * (numerator % denominator) >= denominator) quotient += 1n;
    return quotient === 0n ? 0 : Number(`${this.scaled < 0n ? '-' : ''}${quotient}e-${scale}`);
  }
}

/** PostgreSQL's numeric: base-10000 digits, and the scale rules of its division (numeric.c). */
const DEC_DIGITS = 4;
const NUMERIC_MIN_SIG_DIGITS = 16;
const NUMERIC_MAX_DISPLAY_SCALE = 1000;

/**
 * The weight and value of the first non-zero base-10000 digit of digits × 10^-decimals, as
 * PostgreSQL's numeric stores it (digits grouped by four from the decimal point); 0 and 0 for zero.
 */
function leadingGroup(digits: string, decimals: number): { weight: number; first: number } {
  if (/^0*$/.test(digits)) return { weight: 0, first: 0 };
  const whole = digits.length - decimals;
  if (whole > 0) return { weight: Math.floor((whole - 1) / DEC_DIGITS), first: Number(digits.slice(0, ((whole - 1) % DEC_DIGITS) + 1)) };
  const fraction = '0'.repeat(-whole) + digits;
  const group = Math.floor(fraction.search(/[1-9]/) / DEC_DIGITS);
  return { weight: -(group + 1), first: Number(fraction.slice(group * DEC_DIGITS, (group + 1) * DEC_DIGITS).padEnd(DEC_DIGITS, '0')) };
}
