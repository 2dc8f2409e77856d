/**
 * How an invoice reads in the billing history (SPEC §4: paid; uncollectible shown as Unpaid; open
 * shown as Pending): its status's label and colour, and the period it covers.
 */
import type { Invoice, InvoiceStatus } from '@catchment/domain';

export type StatusTone = 'success' | 'danger' | 'warning';

const TONES: Record<InvoiceStatus, StatusTone> = { paid: 'success', uncollectible: 'danger', open: 'warning' };

/** The catalogue key of a status's label: Paid, Unpaid, Pending. */
export function invoiceStatusKey(status: InvoiceStatus): string {
  return `billing.invoiceStatus.${status}`;
}

export function invoiceStatusTone(status: InvoiceStatus): StatusTone {
  return TONES[status];
}

/**
 * The days an invoice covers, as "1 Mar 2026 – 31 Mar 2026" in the language; a period's end is
 * the instant the next one starts, so the last day shown is the one before. Null without a period.
 */
export function invoicePeriodText(invoice: Pick<Invoice, 'periodStart' | 'periodEnd'>, locale: string, timeZone?: string): string | null {
  if (!invoice.periodStart || !invoice.periodEnd) return null;
  const start = new Date(invoice.periodStart);
  const end = new Date(new Date(invoice.periodEnd).getTime() - 1);
  if (end.getTime() < start.getTime()) return null;
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', ...(timeZone ? { timeZone } : {}) });
  return format.formatRange(start, end);
}
