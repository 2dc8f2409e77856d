/**
 * What the payment pages call (SPEC §7, Clients calls): the plans on sale and the price of one
 * more user, the caller's subscription (what a plan change keeps), starting a payment, and the
 * test-mode provider's checkout (GET /billing/checkouts/{id}, POST …/confirm).
 */
import type {
  AdditionalUserResponse, CheckoutView, PaidPlan, PaymentBody, PlanChangeResponse, ProductsResponse, SubscriptionResponse,
} from '@catchment/domain';
import { apiRequest } from './client.js';

const options = (signal?: AbortSignal) => (signal ? { signal } : {});

export function getProducts(clientId: number, signal?: AbortSignal): Promise<ProductsResponse> {
  return apiRequest<ProductsResponse>('GET', `/Clients/${clientId}/products`, undefined, options(signal));
}

export function getAdditionalUser(clientId: number, signal?: AbortSignal): Promise<AdditionalUserResponse> {
  return apiRequest<AdditionalUserResponse>('GET', `/Clients/${clientId}/products/additional_user`, undefined, options(signal));
}

export function getSubscription(clientId: number, signal?: AbortSignal): Promise<SubscriptionResponse> {
  return apiRequest<SubscriptionResponse>('GET', `/Clients/${clientId}/subscription`, undefined, options(signal));
}

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
