/**
 * What only the payment pages call (SPEC §7, Clients calls): starting a payment and the test-mode
 * provider's checkout (GET /billing/checkouts/{id}, POST …/confirm). The plans on sale, the price
 * of one more user and the caller's subscription are the shared calls of subscription.ts.
 */
import type { CheckoutView, PaidPlan, PaymentBody, PlanChangeResponse } from '@catchment/domain';
import { apiRequest } from './client.js';

const options = (signal?: AbortSignal) => (signal ? { signal } : {});

/** POST /Clients/{id}/payment/{product}: where to pay (checkout.url), or the change scheduled for an owner. */
export function startPayment(clientId: number, product: PaidPlan, body: PaymentBody): Promise<PlanChangeResponse> {
  return apiRequest<PlanChangeResponse>('POST', `/Clients/${clientId}/payment/${product}`, body);
}

export function getCheckout(checkoutId: string, signal?: AbortSignal): Promise<CheckoutView> {
  return apiRequest<CheckoutView>('GET', `/billing/checkouts/${encodeURIComponent(checkoutId)}`, undefined, options(signal));
}

/** The test-mode pay button: `declined` plays a refused card (402 PAYMENT_DECLINED, nothing changes). */
export function confirmCheckout(checkoutId: string, outcome: 'paid' | 'declined'): Promise<{ status: 'paid'; redirect: string }> {
  return apiRequest<{ status: 'paid'; redirect: string }>('POST', `/billing/checkouts/${encodeURIComponent(checkoutId)}/confirm`, { outcome });
}
