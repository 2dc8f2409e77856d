/**
 * The subscription calls (SPEC §7, Clients calls), shared by the subscription and payment pages
 * (their cache keys in query-keys.ts): the caller's subscription, the plans on sale with what
 * choosing each does for them, the price of one more user, the plan change (PUT), cancelling,
 * reactivating, paying an open invoice now, and where the payment method is managed (customer portal).
 */
import type {
  AdditionalUserResponse, CancelSubscriptionBody, PlanChangeResponse, ProductsResponse, SubscriptionChangeBody, SubscriptionResponse, SubscriptionView,
} from '@catchment/domain';
import { apiRequest } from './client.js';

const options = (signal?: AbortSignal) => (signal ? { signal } : {});
const subscriptionPath = (clientId: number) => `/Clients/${clientId}/subscription`;

export function getSubscription(clientId: number, signal?: AbortSignal): Promise<SubscriptionResponse> {
  return apiRequest<SubscriptionResponse>('GET', subscriptionPath(clientId), undefined, options(signal));
}

/** GET /Clients/{id}/products: prices in the subscription's currency (else the language's), badges and each plan's `action` for the caller. */
export function getProducts(clientId: number, signal?: AbortSignal): Promise<ProductsResponse> {
  return apiRequest<ProductsResponse>('GET', `/Clients/${clientId}/products`, undefined, options(signal));
}

/** GET /Clients/{id}/products/additional_user: the price of one more user (licence) per month. */
export function getAdditionalUser(clientId: number, signal?: AbortSignal): Promise<AdditionalUserResponse> {
  return apiRequest<AdditionalUserResponse>('GET', `/Clients/${clientId}/products/additional_user`, undefined, options(signal));
}

/** PUT …/subscription: an upgrade answers where to pay (checkout.url); a downgrade or change when it starts (effectiveAt). */
export function changeSubscription(clientId: number, body: SubscriptionChangeBody): Promise<PlanChangeResponse> {
  return apiRequest<PlanChangeResponse>('PUT', subscriptionPath(clientId), body);
}

export function cancelSubscription(clientId: number, body: CancelSubscriptionBody): Promise<SubscriptionView> {
  return apiRequest<SubscriptionView>('POST', `${subscriptionPath(clientId)}/cancel`, body);
}

export function reactivateSubscription(clientId: number): Promise<SubscriptionView> {
  return apiRequest<SubscriptionView>('POST', `${subscriptionPath(clientId)}/reactivate`);
}

/** POST …/subscription/pay: where to pay the invoice a failed renewal left open. */
export function payOpenInvoice(clientId: number): Promise<{ checkout: { id: string; url: string } }> {
  return apiRequest<{ checkout: { id: string; url: string } }>('POST', `${subscriptionPath(clientId)}/pay`);
}

export interface CustomerPortal { url: string; provider: string; testMode: boolean }

export function getCustomerPortal(clientId: number): Promise<CustomerPortal> {
  return apiRequest<CustomerPortal>('GET', `${subscriptionPath(clientId)}/customer_portal`);
}
