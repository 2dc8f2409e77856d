/**
 * Our tax treatment (packages/domain billing/tax.ts) told to Stripe, so that Stripe's invoices charge
 * what ours would: the rate we decide is a Stripe tax rate (exclusive VAT, found by its metadata or
 * created once) set as the subscription's default tax rate, none when we charge no VAT; a reverse
 * charge marks the customer `tax_exempt: reverse` (Stripe's invoices then say "Reverse charge"); the
 * VAT number is the customer's tax id. Stripe Tax (automatic_tax) is left off: it would decide rates
 * of its own.
 */
import type Stripe from 'stripe';
import type { TaxReason, TaxTreatment } from '@catchment/domain';

/** Marks the tax rates this installation created, by rate (2000 for 20 %). */
const RATE_METADATA = 'catchment_vat_basis_points';

export class StripeTaxRates {
  private readonly ids = new Map<number, Promise<string>>();

  constructor(private readonly stripe: Stripe) {}

  /** The default tax rates of a subscription taxed as `tax`: none for a rate of 0. */
  async forTreatment(tax: TaxTreatment): Promise<string[]> {
    if (tax.rateBasisPoints === 0) return [];
    let id = this.ids.get(tax.rateBasisPoints);
    if (!id) {
      id = this.findOrCreate(tax.rateBasisPoints);
      this.ids.set(tax.rateBasisPoints, id);
      id.catch(() => this.ids.delete(tax.rateBasisPoints));
    }
    return [await id];
  }

  private async findOrCreate(basisPoints: number): Promise<string> {
    const marker = String(basisPoints);
    for await (const rate of this.stripe.taxRates.list({ active: true, inclusive: false, limit: 100 })) {
      if (rate.metadata?.[RATE_METADATA] === marker) return rate.id;
    }
    const created = await this.stripe.taxRates.create({
      display_name: 'VAT',
      description: `VAT ${basisPoints / 100} %`,
      percentage: basisPoints / 100,
      inclusive: false,
      country: 'FR',
      tax_type: 'vat',
      metadata: { [RATE_METADATA]: marker },
    });
    return created.id;
  }
}

/** The customer's tax exemption as Stripe records it. */
export function taxExempt(reason: TaxReason): 'reverse' | 'none' {
  return reason === 'reverseCharge' ? 'reverse' : 'none';
}

/** EU VAT number prefixes (Greece's EL, Northern Ireland's XI) against the United Kingdom's GB. */
const EU_VAT_PREFIX = /^(AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI)/;

/** The Stripe tax id of a VAT number (normalised, prefix first); null for one Stripe would not type as VAT. */
export function vatTaxId(vat: string | null | undefined): { type: 'eu_vat' | 'gb_vat'; value: string } | null {
  const value = vat?.replace(/\s+/g, '').toUpperCase();
  if (!value) return null;
  if (value.startsWith('GR')) return { type: 'eu_vat', value: `EL${value.slice(2)}` };
  if (EU_VAT_PREFIX.test(value)) return { type: 'eu_vat', value };
  if (value.startsWith('GB')) return { type: 'gb_vat', value };
  return null;
}
