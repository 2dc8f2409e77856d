/** Billing periods on the calendar (UTC), and the share of a period left at a moment. */
import type { BillingPeriod } from './prices.js';

/**
 * The end of a period starting at `start`: one calendar month (or twelve) later at the same time of
 * day, on the same day of the month or the month's last day when it has fewer (31 January → 28 or
 * 29 February).
 */
export function addBillingPeriod(start: Date, period: BillingPeriod): Date {
  const months = period === 'monthly' ? 1 : 12;
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(
    year, month, Math.min(start.getUTCDate(), lastDay),
    start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds(), start.getUTCMilliseconds(),
  ));
}

/**
 * The part of `amount` (cents) that the time left in the period is worth, to the nearest cent: what
 * an upgrade credits for the unused time and charges for added licences. Zero once the period is
 * over, the whole amount before it starts.
 */
export function prorate(amount: number, period: { start: Date; end: Date }, at: Date): number {
  const total = BigInt(period.end.getTime() - period.start.getTime());
  if (total <= 0n) return 0;
  const left = BigInt(Math.min(Math.max(period.end.getTime() - at.getTime(), 0), Number(total)));
  const numerator = BigInt(amount) * left;
  const sign = numerator < 0n ? -1n : 1n;
  const magnitude = numerator < 0n ? -numerator : numerator;
  return Number(sign * ((magnitude * 2n + total) / (2n * total)));
}
