/**
 * The billing address form (SPEC §3 Billing details): its fields, the form filled from what the
 * server answers (the profile's values until saved), the body PUT /Clients/{id}/billing-details
 * takes, and the fields that may not be left empty.
 */
import { billingDetailsBody, type BillingDetails, type BillingDetailsBody } from '@catchment/domain';
import { countryCodeOf } from '../auth/countries.js';

export const BILLING_FIELDS = [
  'firstName', 'lastName', 'company', 'vat', 'addressLine1', 'addressLine2', 'postalCode', 'city', 'country', 'phone',
] as const;

export type BillingField = (typeof BILLING_FIELDS)[number];
export type BillingForm = Record<BillingField, string>;

/** What an invoice needs: a name and a postal address (the country decides the tax). */
export const REQUIRED_BILLING_FIELDS: readonly BillingField[] = ['firstName', 'lastName', 'addressLine1', 'postalCode', 'city', 'country'];

/** The form's values; a country the profile holds as a name becomes its ISO code when it is known. */
export function billingFormOf(details: BillingDetails): BillingForm {
  const form = Object.fromEntries(BILLING_FIELDS.map((field) => [field, details[field] ?? ''])) as BillingForm;
  form.country = countryCodeOf(form.country) ?? '';
  return form;
}

/** The body to save: trimmed, an empty optional field left out. */
export function billingBodyOf(form: BillingForm): BillingDetailsBody {
  const value = (field: BillingField) => form[field].trim();
  const optional = (field: BillingField) => value(field) || undefined;
  return {
    firstName: value('firstName'),
    lastName: value('lastName'),
    company: optional('company'),
    vat: optional('vat'),
    addressLine1: value('addressLine1'),
    addressLine2: optional('addressLine2'),
    postalCode: value('postalCode'),
    city: value('city'),
    country: value('country'),
    phone: optional('phone'),
  };
}

/**
 * Catalogue keys of the fields the server would refuse, by the same schema (a required field left
 * empty, a VAT number without an EU format, no country), so they show before anything is sent.
 */
export function billingFormErrors(form: BillingForm): Partial<Record<BillingField, string>> {
  const checked = billingDetailsBody.safeParse(billingBodyOf(form));
  const errors: Partial<Record<BillingField, string>> = {};
  if (checked.success) return errors;
  for (const issue of checked.error.issues) {
    const field = issue.path[0] as BillingField | undefined;
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** Whether the form differs from what is saved (or, until saved, from the profile's values). */
export function billingFormChanged(details: BillingDetails, form: BillingForm): boolean {
  const saved = billingFormOf(details);
  return BILLING_FIELDS.some((field) => saved[field].trim() !== form[field].trim());
}
