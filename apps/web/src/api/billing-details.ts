/**
 * The billing address (SPEC §3 Billing details, §7): GET and PUT /Clients/{id}/billing-details,
 * answering the profile's values until saved (saved: false) and the tax they give.
 */
import type { BillingDetails, BillingDetailsBody, TaxTreatment } from '@catchment/domain';
import { apiRequest } from './client.js';

export interface BillingDetailsAnswer { saved: boolean; details: BillingDetails; tax: TaxTreatment }

export function getBillingDetails(clientId: number, signal?: AbortSignal): Promise<BillingDetailsAnswer> {
  return apiRequest<BillingDetailsAnswer>('GET', `/Clients/${clientId}/billing-details`, undefined, signal ? { signal } : {});
}

/** Saves them; a bad field answers 400 with its message in the details (an invalid VAT number…). */
export function saveBillingDetails(clientId: number, body: BillingDetailsBody): Promise<BillingDetailsAnswer> {
  return apiRequest<BillingDetailsAnswer>('PUT', `/Clients/${clientId}/billing-details`, body);
}
