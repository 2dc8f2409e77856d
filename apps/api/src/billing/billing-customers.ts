/**
 * Who pays and at which tax: the billing details a client saved, or their profile's name and address
 * until they do (SPEC §3: the User carries a VAT number and an address too).
 */
import { taxTreatment, validateVat, type BillingDetails, type Locale, type TaxTreatment } from '@catchment/domain';
import type { BillingCustomer } from './billing-provider.js';
import type { BillingRepository, ClientProfile } from './billing.repository.js';

/** The profile's fields as billing details; a country that is not an ISO code counts as unknown. */
export function profileBillingDetails(profile: ClientProfile): BillingDetails {
  const country = profile.country && /^[A-Za-z]{2}$/.test(profile.country.trim()) ? profile.country.trim().toUpperCase() : null;
  return {
    firstName: profile.firstName, lastName: profile.lastName, company: profile.company, vat: profile.vat,
    addressLine1: profile.addressLine1, addressLine2: profile.addressLine2, postalCode: profile.postalCode, city: profile.city,
    country, phone: profile.phone,
  };
}

/** The tax of a customer with these details: their country, and their VAT number if it has an EU format. */
export function taxForDetails(details: BillingDetails): TaxTreatment {
  const vat = details.vat ? validateVat(details.vat) : null;
  return taxTreatment({ country: details.country, validVatNumber: vat?.valid ? vat.normalised : null });
}

export interface ResolvedCustomer extends BillingCustomer {
  /** Whether the details are the client's saved billing details (else the profile's). */
  saved: boolean;
  tax: TaxTreatment;
}

/** The paying customer for `clientId`; undefined when no such client exists. */
export async function resolveCustomer(
  repository: BillingRepository, clientId: number, locale: Locale, providerCustomerId: string | null = null,
): Promise<ResolvedCustomer | undefined> {
  const profile = await repository.findClient(clientId);
  if (!profile) return undefined;
  const saved = await repository.findBillingDetails(clientId);
  const details = saved ?? profileBillingDetails(profile);
  const name = details.company || [details.firstName, details.lastName].filter(Boolean).join(' ') || profile.email;
  return { clientId, email: profile.email, name, locale, details, providerCustomerId, saved: saved !== undefined, tax: taxForDetails(details) };
}
