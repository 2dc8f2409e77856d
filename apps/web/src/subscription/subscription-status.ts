/**
 * What the subscription page says of a subscription (SPEC §4), from the API's view of it: when it
 * renews or ends, who may change it, and what a plan change chosen in the comparison will do. Pure
 * functions of the answers; the rules themselves are the server's (its `actions` and each plan's
 * `action`).
 */
import {
  cancelSubscriptionBody,
  type BillingPeriod, type CancelReason, type CancelSubscriptionBody, type PaidPlan, type SubscriptionView,
} from '@catchment/domain';

/** Renews on `date`; ends on `date` (cancelled, or a manual one's end); ended on `date`; or runs with no end (manual). */
export type SubscriptionTerm =
  | { kind: 'renews'; date: string }
  | { kind: 'ends'; date: string }
  | { kind: 'ended'; date: string | null }
  | { kind: 'noEnd' };

export function subscriptionTerm(view: Pick<SubscriptionView, 'customer' | 'nextRenewal' | 'expiry'>): SubscriptionTerm {
  if (view.customer === 'churned') return { kind: 'ended', date: view.expiry };
  if (view.nextRenewal) return { kind: 'renews', date: view.nextRenewal };
  if (view.expiry) return { kind: 'ends', date: view.expiry };
  return { kind: 'noEnd' };
}

/** Who changes it: its owner here, its owner only (the caller holds a licence), or support (manual). */
export type Management = 'owner' | 'member' | 'support';

export function managementOf(view: Pick<SubscriptionView, 'manual' | 'role'>): Management {
  if (view.manual) return 'support';
  return view.role === 'admin' ? 'owner' : 'member';
}

/** What choosing a plan in the comparison does for a subscriber (the products call's `action`). */
export type PlanChangeKind = 'upgrade' | 'downgrade' | 'change' | 'keep';

export function isPlanChange(action: string | null | undefined): action is PlanChangeKind {
  return action === 'upgrade' || action === 'downgrade' || action === 'change' || action === 'keep';
}

export interface PlanChangeOutcome {
  kind: PlanChangeKind;
  product: PaidPlan;
  period: BillingPeriod;
  /**
   * When it applies: `now` once paid (an upgrade), the period's end (a downgrade or change; null if
   * the subscription has no renewal date), or `now` (keeping the plan in force drops the change waiting).
   */
  startsAt: 'now' | string | null;
}

/** What a change to `product` billed `period` will do for this subscription, said before it is made. */
export function planChangeOutcome(
  kind: PlanChangeKind, target: { product: PaidPlan; period: BillingPeriod }, view: Pick<SubscriptionView, 'nextRenewal' | 'expiry'>,
): PlanChangeOutcome {
  const startsAt = kind === 'downgrade' || kind === 'change' ? view.nextRenewal ?? view.expiry : 'now';
  return { kind, product: target.product, period: target.period, startsAt };
}

/** The other billing period, for "switch to yearly / monthly billing". */
export function otherPeriod(period: BillingPeriod): BillingPeriod {
  return period === 'monthly' ? 'yearly' : 'monthly';
}

export type CancelFormCheck =
  | { valid: true; body: CancelSubscriptionBody }
  | { valid: false; errors: { reason?: string; comment?: string } };

/**
 * The cancel dialog's answers checked with the API's own schema (SPEC §5: a reason is required;
 * the comment is optional, at most 2,000 characters); errors are catalogue keys.
 */
export function checkCancelForm(reason: CancelReason | '', comment: string): CancelFormCheck {
  const trimmed = comment.trim();
  const checked = cancelSubscriptionBody.safeParse({ cancelFeedback: reason || undefined, ...(trimmed ? { cancelComment: trimmed } : {}) });
  if (checked.success) return { valid: true, body: checked.data };
  const errors: { reason?: string; comment?: string } = {};
  for (const issue of checked.error.issues) {
    if (issue.path[0] === 'cancelFeedback') errors.reason = 'validation.cancelReason';
    else if (issue.path[0] === 'cancelComment') errors.comment = issue.message;
  }
  return { valid: false, errors };
}
