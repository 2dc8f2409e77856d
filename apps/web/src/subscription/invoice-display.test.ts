import { describe, expect, it } from 'vitest';
import { INVOICE_STATUSES, catalogues } from '@catchment/domain';
import { invoicePeriodText, invoiceStatusKey, invoiceStatusTone } from './invoice-display.js';

/** Intl puts narrow and thin spaces around a range's dash: compared as plain spaces. */
const plain = (text: string | null) => text?.replace(/\s/g, ' ') ?? null;
const lookUp = (catalogue: object, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);

describe('invoice status', () => {
  it('shows paid as Paid, uncollectible as Unpaid and open as Pending (SPEC §4), in both languages', () => {
    expect(INVOICE_STATUSES.map((status) => lookUp(catalogues.en, invoiceStatusKey(status)))).toEqual(['Paid', 'Unpaid', 'Pending']);
    expect(INVOICE_STATUSES.map((status) => lookUp(catalogues.fr, invoiceStatusKey(status)))).toEqual(['Payée', 'Impayée', 'En attente']);
  });

  it('colours a paid invoice as a success, an unpaid one as a danger and a pending one as a warning', () => {
    expect(INVOICE_STATUSES.map(invoiceStatusTone)).toEqual(['success', 'danger', 'warning']);
  });
});

describe('invoice period', () => {
  it('ends on the day before the next period starts', () => {
    const period = { periodStart: '2026-03-01T00:00:00.000Z', periodEnd: '2026-04-01T00:00:00.000Z' };
    expect(plain(invoicePeriodText(period, 'en-GB', 'UTC'))).toBe('1 – 31 Mar 2026');
    expect(plain(invoicePeriodText(period, 'fr', 'UTC'))).toBe('1–31 mars 2026');
  });

  it('spans years when a yearly period does', () => {
    const period = { periodStart: '2026-03-15T10:00:00.000Z', periodEnd: '2027-03-15T10:00:00.000Z' };
    expect(plain(invoicePeriodText(period, 'en-US', 'UTC'))).toBe('Mar 15, 2026 – Mar 15, 2027');
  });

  it('is null without a period', () => {
    expect(invoicePeriodText({ periodStart: null, periodEnd: null }, 'en', 'UTC')).toBeNull();
    expect(invoicePeriodText({ periodStart: '2026-03-01T00:00:00.000Z', periodEnd: null }, 'en', 'UTC')).toBeNull();
  });
});
