/**
 * The tabs of /profile/subscription (SPEC §2: details, the default, then users, billing address and
 * billing history). Each child page has its route in the `subscription` route's children
 * (app/router.tsx) and its tab here; the layout draws them in this order.
 */
export interface SubscriptionSection {
  /** Path under /app; the details page is the index route. */
  path: string;
  /** Catalogue key of the tab's name. */
  labelKey: string;
  /** Only this exact path marks the tab as current (the index route). */
  end?: boolean;
  testId: string;
}

export const SUBSCRIPTION_SECTIONS: readonly SubscriptionSection[] = [
  { path: '/profile/subscription', labelKey: 'subscription.tabs.details', end: true, testId: 'subscription-tab-details' },
  { path: '/profile/subscription/users', labelKey: 'subscription.tabs.users', testId: 'subscription-tab-users' },
  { path: '/profile/subscription/billing-address', labelKey: 'subscription.tabs.billingAddress', testId: 'subscription-tab-billing-address' },
  { path: '/profile/subscription/billing-history', labelKey: 'subscription.tabs.billingHistory', testId: 'subscription-tab-billing-history' },
];
