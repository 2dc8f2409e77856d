/**
 * App keys (SPEC §3 User appKeys, §7 Appkeys calls): keys that let a partner's site or script call
 * /Appkeys/{key}/… on behalf of an account without a session. Every account holds a demo key; a
 * paid plan in force adds a paid key. A key's kind is written in the key itself, so that the
 * per-key rate limit can be chosen before the key is looked up.
 */
import type { PlanDefinition } from '../plans/catalogue.js';

export const APP_KEY_KINDS = ['demo', 'paid'] as const;
export type AppKeyKind = (typeof APP_KEY_KINDS)[number];

export interface AppKeyPolicy {
  /** Calls per minute per key, every API process together. */
  requestsPerMinute: number;
}

export const APP_KEY_POLICIES: Readonly<Record<AppKeyKind, AppKeyPolicy>> = {
  // Enough to try the calls and to run the demo extractor on a page; a site in production takes a paid key.
  demo: { requestsPerMinute: 30 },
  paid: { requestsPerMinute: 300 },
};

/** `demo_` or `paid_` then 32 characters of base64url (24 random bytes: apps/api appkeys). */
export const APP_KEY_PATTERN = /^(demo|paid)_[A-Za-z0-9_-]{32}$/;

export const isAppKey = (value: string): boolean => APP_KEY_PATTERN.test(value);

/** The kind a key names in its prefix; undefined for text that is not a key. */
export function appKeyKindOf(key: string): AppKeyKind | undefined {
  const match = APP_KEY_PATTERN.exec(key);
  return match ? (match[1] as AppKeyKind) : undefined;
}

/** The kinds of key an account holds under the plan in force: a demo key always, a paid key with a paid plan. */
export function appKeyKindsFor(plan: PlanDefinition): AppKeyKind[] {
  return plan.tier === 'free' ? ['demo'] : ['demo', 'paid'];
}

/** Whether a key of this kind answers under the plan in force (a paid key sleeps while its plan is free). */
export const appKeyActive = (kind: AppKeyKind, plan: PlanDefinition): boolean => appKeyKindsFor(plan).includes(kind);

/** The month a call is counted in: `YYYY-MM`, in UTC (the same month for every API process). */
export function usageMonth(date: Date): string {
  return date.toISOString().slice(0, 7);
}
