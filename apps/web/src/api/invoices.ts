/** The invoices (SPEC §7): GET /Clients/{id}/invoices, newest first. */
import type { Invoice } from '@catchment/domain';
import { apiRequest } from './client.js';

export function getInvoices(clientId: number, signal?: AbortSignal): Promise<{ invoices: Invoice[] }> {
  return apiRequest<{ invoices: Invoice[] }>('GET', `/Clients/${clientId}/invoices`, undefined, signal ? { signal } : {});
}
