/**
 * The subscription's rules (SPEC §4), as pure functions over its state: which change a request is
 * (upgrade, downgrade, change), whether it may be made, what it does, what the period's end does,
 * and what the subscription page shows (badges, actions, alerts). The API applies them; the web app
 * reads the same functions to offer only what the API accepts.
 */
import type { Plan } from '../enums.js';
import { isPurchasablePlan, planRank, type Currency } from './prices.js';
import { addBillingPeriod } from './periods.js';
import { selectionPrice, type PlanSelection } from './pricing.js';

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'ended'] as const;
/** `active` paid up; `past_due` a renewal's payment failed and its invoice is open; `ended` over. */
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Why a subscriber cancels (SPEC §3); one is required. */
export const CANCEL_REASONS = [
  'other', 'customerService', 'lowQuality', 'missingFeatures', 'switchedService', 'tooComplex', 'tooExpensive', 'unused',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** SPEC §4: paid; uncollectible (shown Unpaid); open (shown Pending). */
export const INVOICE_STATUSES = ['paid', 'uncollectible', 'open'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** A subscription's users: its owner (`admin`, shown Owner) and the others holding a licence (`active`). */
export const SUBSCRIBER_ROLES = ['admin', 'active'] as const;
export type SubscriberRole = (typeof SUBSCRIBER_ROLES)[number];

export interface SubscriptionState {
  selection: PlanSelection;
  status: SubscriptionStatus;
  currentPeriodStart: Date;
  /** null: a manual subscription without an end. */
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** An upgrade waiting for its payment; the current selection holds until it is paid. */
  pending: PlanSelection | null;
  /** A downgrade or change that starts with the next period. */
  next: PlanSelection | null;
  /** Set up by support: the user cannot change it (SPEC §6). */
  manual: boolean;
}

export type CustomerStatus = 'free' | 'customer' | 'churned';

/** SPEC §4: a customer has a plan whose end date is in the future (or none); churned once it is past. */
export function customerStatus(product: Plan | string | null | undefined, productEndDate: Date | null | undefined, now: Date): CustomerStatus {
  if (!product || planRank(product) === 0) return 'free';
  if (!productEndDate || productEndDate.getTime() > now.getTime()) return 'customer';
  return 'churned';
}

/**
 * `keep` asks for the selection in force while an upgrade waits for its payment or a change is
 * scheduled: that change is dropped. `none` asks for what is in force, with nothing to drop.
 */
export type ChangeKind = 'upgrade' | 'downgrade' | 'change' | 'keep' | 'none';

function sameSelection(a: PlanSelection, b: PlanSelection): boolean {
  return a.product === b.product && a.period === b.period && a.licences === b.licences && a.pinPacks === b.pinPacks;
}

/**
 * What a move from `current` to `target` is. A higher-ranked plan is an upgrade, paid now, except towards
 * monthly billing from a paid year, which waits for the year's end (a change). A lower plan is a
 * downgrade, another billing period of the same plan level a change; both start at the period's
 * end. On the same plan and period, buying more (licences, pin packs) is an upgrade, buying less a
 * downgrade.
 */
export function classifyChange(current: PlanSelection, target: PlanSelection, currency: Currency): ChangeKind {
  if (sameSelection(current, target)) return 'none';
  const from = planRank(current.product);
  const to = planRank(target.product);
  if (to > from) return current.period === 'yearly' && target.period === 'monthly' ? 'change' : 'upgrade';
  if (to < from) return 'downgrade';
  if (current.product !== target.product || current.period !== target.period) return 'change';
  const before = selectionPrice(current, currency);
  const after = selectionPrice(target, currency);
  return after > before ? 'upgrade' : after < before ? 'downgrade' : 'change';
}

/** Why a request on the subscription is refused; each names an entry of the API's error catalogue. */
export type SubscriptionRefusal =
  | 'manualSubscription' | 'subscriptionEnded' | 'subscriptionPastDue' | 'subscriptionCancelling'
  | 'subscriptionNotCancelling' | 'planNotSold' | 'samePlan' | 'tooFewLicences' | 'noOpenInvoice';

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: SubscriptionRefusal };

function isOver(state: SubscriptionState, now: Date): boolean {
  return state.status === 'ended' || (state.currentPeriodEnd !== null && state.currentPeriodEnd.getTime() <= now.getTime());
}

/**
 * Whether the owner may move to `target`, and which change it is. A legacy plan may keep its plan
 * (to change licences or packs) but not be chosen anew; the licences must cover the users holding one.
 */
export function checkPlanChange(
  state: SubscriptionState, target: PlanSelection, context: { now: Date; currency: Currency; members: number },
): Checked<Exclude<ChangeKind, 'none'>> {
  if (state.manual) return { ok: false, reason: 'manualSubscription' };
  if (isOver(state, context.now)) return { ok: false, reason: 'subscriptionEnded' };
  if (state.status === 'past_due') return { ok: false, reason: 'subscriptionPastDue' };
  if (state.cancelAtPeriodEnd) return { ok: false, reason: 'subscriptionCancelling' };
  if (target.product !== state.selection.product && !isPurchasablePlan(target.product)) return { ok: false, reason: 'planNotSold' };
  if (target.licences < context.members) return { ok: false, reason: 'tooFewLicences' };
  const kind = classifyChange(state.selection, target, context.currency);
  if (kind === 'none') return state.pending || state.next ? { ok: true, value: 'keep' } : { ok: false, reason: 'samePlan' };
  return { ok: true, value: kind };
}

/**
 * The state once a change is asked for: an upgrade waits for its payment (pending), a downgrade or
 * change waits for the period's end (next). Either replaces an earlier pending or next one; keeping
 * the selection in force drops them.
 */
export function requestChange(state: SubscriptionState, target: PlanSelection, kind: Exclude<ChangeKind, 'none'>): SubscriptionState {
  if (kind === 'keep') return { ...state, pending: null, next: null };
  return kind === 'upgrade' ? { ...state, pending: target, next: null } : { ...state, pending: null, next: target };
}

/** The upgrade is paid: its selection applies, over the period it was charged for. */
export function applyPaidUpgrade(state: SubscriptionState, paid: { selection: PlanSelection; periodStart: Date; periodEnd: Date }): SubscriptionState {
  return {
    ...state, selection: paid.selection, status: 'active', currentPeriodStart: paid.periodStart, currentPeriodEnd: paid.periodEnd, pending: null, next: null,
  };
}

/** Cancelling ends the subscription at its period's end (SPEC §4); a pending or scheduled change is dropped. */
export function checkCancel(state: SubscriptionState, now: Date): SubscriptionRefusal | null {
  if (state.manual) return 'manualSubscription';
  if (isOver(state, now)) return 'subscriptionEnded';
  if (state.cancelAtPeriodEnd) return 'subscriptionCancelling';
  return null;
}

export function cancel(state: SubscriptionState): SubscriptionState {
  return { ...state, cancelAtPeriodEnd: true, pending: null, next: null };
}

/** A cancelled subscription can be taken back until its period ends. */
export function checkReactivate(state: SubscriptionState, now: Date): SubscriptionRefusal | null {
  if (state.manual) return 'manualSubscription';
  if (isOver(state, now)) return 'subscriptionEnded';
  if (!state.cancelAtPeriodEnd) return 'subscriptionNotCancelling';
  return null;
}

export function reactivate(state: SubscriptionState): SubscriptionState {
  return { ...state, cancelAtPeriodEnd: false };
}

/** Paying now is for a renewal whose payment failed. */
export function checkPayNow(state: SubscriptionState): SubscriptionRefusal | null {
  if (state.manual) return 'manualSubscription';
  if (state.status !== 'past_due') return 'noOpenInvoice';
  return null;
}

export type Renewal =
  | { outcome: 'ends' }
  | { outcome: 'renews'; selection: PlanSelection; periodStart: Date; periodEnd: Date };

/**
 * What the end of the period does: a cancelled subscription ends; otherwise the next period starts
 * at `periodStart`, with the scheduled change if there is one, and never fewer licences than the
 * users who hold one.
 */
export function renewal(state: SubscriptionState, periodStart: Date, members: number): Renewal {
  if (state.cancelAtPeriodEnd) return { outcome: 'ends' };
  const chosen = state.next ?? state.selection;
  const selection = { ...chosen, licences: Math.max(chosen.licences, members) };
  return { outcome: 'renews', selection, periodStart, periodEnd: addBillingPeriod(periodStart, selection.period) };
}

/** The next period has started; `paid` says whether its invoice was paid or is left open (past due). */
export function renew(state: SubscriptionState, renewed: Extract<Renewal, { outcome: 'renews' }>, paid: boolean): SubscriptionState {
  return {
    ...state, selection: renewed.selection, currentPeriodStart: renewed.periodStart, currentPeriodEnd: renewed.periodEnd,
    next: null, pending: null, status: paid ? 'active' : 'past_due',
  };
}

export const SUBSCRIPTION_ACTIONS = ['upgrade', 'downgrade', 'change', 'unsubscribe', 'reactivate', 'payNow'] as const;
export type SubscriptionAction = (typeof SUBSCRIPTION_ACTIONS)[number];

/** What the subscription page offers; members see the subscription without actions. */
export function availableActions(state: SubscriptionState, role: SubscriberRole, now: Date): SubscriptionAction[] {
  if (role !== 'admin' || state.manual || isOver(state, now)) return [];
  if (state.cancelAtPeriodEnd) return ['reactivate'];
  if (state.status === 'past_due') return ['payNow', 'unsubscribe'];
  return ['upgrade', 'downgrade', 'change', 'unsubscribe'];
}

export const PLAN_BADGES = ['current', 'next', 'pending'] as const;
export type PlanBadge = (typeof PLAN_BADGES)[number];

/** Badges of a plan and period in the plan comparison: the plan in force, the one waiting for payment, the one starting next. */
export function planBadges(state: SubscriptionState | null, product: string, period: string, now: Date): PlanBadge[] {
  if (!state || isOver(state, now)) return [];
  const is = (selection: PlanSelection | null) => selection !== null && selection.product === product && selection.period === period;
  const badges: PlanBadge[] = [];
  if (is(state.selection)) badges.push('current');
  if (is(state.next)) badges.push('next');
  if (is(state.pending)) badges.push('pending');
  return badges;
}

export const SUBSCRIPTION_ALERTS = ['manualSubscription', 'pendingUpdate', 'paymentFailed', 'noDefaultPaymentMethod'] as const;
/** SPEC §8's subscription alerts the state shows (the page adds its own for an unexpected error). */
export type SubscriptionAlert = (typeof SUBSCRIPTION_ALERTS)[number];

export function subscriptionAlerts(state: SubscriptionState, hasPaymentMethod: boolean, now: Date): SubscriptionAlert[] {
  if (isOver(state, now)) return [];
  if (state.manual) return ['manualSubscription'];
  const alerts: SubscriptionAlert[] = [];
  if (state.pending) alerts.push('pendingUpdate');
  if (state.status === 'past_due') alerts.push('paymentFailed');
  if (!hasPaymentMethod && !state.cancelAtPeriodEnd) alerts.push('noDefaultPaymentMethod');
  return alerts;
}
