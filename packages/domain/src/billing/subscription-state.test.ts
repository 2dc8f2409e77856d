import { describe, expect, it } from 'vitest';
import {
  applyPaidUpgrade, availableActions, cancel, checkCancel, checkPayNow, checkPlanChange, checkReactivate, classifyChange, customerStatus,
  planBadges, reactivate, renew, renewal, requestChange, subscriptionAlerts, type SubscriptionState,
} from './subscription-state.js';
import type { PlanSelection } from './pricing.js';

const now = new Date('2025-04-10T00:00:00Z');
const pro: PlanSelection = { product: 'pro_2020', period: 'monthly', licences: 1, pinPacks: 0 };
const active: SubscriptionState = {
  selection: pro, status: 'active', currentPeriodStart: new Date('2025-04-01T00:00:00Z'), currentPeriodEnd: new Date('2025-05-01T00:00:00Z'),
  cancelAtPeriodEnd: false, pending: null, next: null, manual: false,
};
const context = { now, currency: 'EUR' as const, members: 1 };

describe('customerStatus', () => {
  it('is a customer while the plan has a future end (or none), churned once it is past, free without a paid plan', () => {
    expect(customerStatus('pro_2020', new Date('2025-05-01T00:00:00Z'), now)).toBe('customer');
    expect(customerStatus('pro_2020', null, now)).toBe('customer');
    expect(customerStatus('pro_2020', new Date('2025-04-01T00:00:00Z'), now)).toBe('churned');
    expect(customerStatus('default', null, now)).toBe('free');
    expect(customerStatus(undefined, null, now)).toBe('free');
  });
});

describe('classifyChange', () => {
  it('tells upgrades, downgrades and changes apart', () => {
    expect(classifyChange(pro, { ...pro, product: 'advanced_2024' }, 'EUR')).toBe('upgrade');
    expect(classifyChange(pro, { ...pro, product: 'advanced_2024', period: 'yearly' }, 'EUR')).toBe('upgrade');
    expect(classifyChange(pro, { ...pro, product: 'essential_2019' }, 'EUR')).toBe('downgrade');
    expect(classifyChange(pro, { ...pro, period: 'yearly' }, 'EUR')).toBe('change');
    expect(classifyChange({ ...pro, period: 'yearly' }, pro, 'EUR')).toBe('change');
    expect(classifyChange(pro, pro, 'EUR')).toBe('none');
  });

  it('waits for the end of a paid year before monthly billing, even on a higher plan', () => {
    expect(classifyChange({ ...pro, period: 'yearly' }, { ...pro, product: 'advanced_2024' }, 'EUR')).toBe('change');
  });

  it('buys more licences or packs now and fewer at the period\'s end; a legacy plan ranks between ESSENTIAL and PRO', () => {
    expect(classifyChange(pro, { ...pro, licences: 2 }, 'EUR')).toBe('upgrade');
    expect(classifyChange({ ...pro, pinPacks: 2 }, { ...pro, pinPacks: 1 }, 'EUR')).toBe('downgrade');
    expect(classifyChange({ ...pro, product: 'plus_2021' }, pro, 'EUR')).toBe('upgrade');
    expect(classifyChange({ ...pro, product: 'plus_2021' }, { ...pro, product: 'essential_2019' }, 'EUR')).toBe('downgrade');
  });
});

describe('checkPlanChange', () => {
  it('accepts a change of a live subscription and says which it is', () => {
    expect(checkPlanChange(active, { ...pro, product: 'advanced_2024' }, context)).toEqual({ ok: true, value: 'upgrade' });
  });

  it('refuses, with a reason, what the rules forbid', () => {
    const target = { ...pro, product: 'advanced_2024' as const };
    expect(checkPlanChange({ ...active, manual: true }, target, context)).toEqual({ ok: false, reason: 'manualSubscription' });
    expect(checkPlanChange({ ...active, status: 'ended' }, target, context)).toEqual({ ok: false, reason: 'subscriptionEnded' });
    expect(checkPlanChange(active, target, { ...context, now: new Date('2025-06-01T00:00:00Z') })).toEqual({ ok: false, reason: 'subscriptionEnded' });
    expect(checkPlanChange({ ...active, status: 'past_due' }, target, context)).toEqual({ ok: false, reason: 'subscriptionPastDue' });
    expect(checkPlanChange(cancel(active), target, context)).toEqual({ ok: false, reason: 'subscriptionCancelling' });
    expect(checkPlanChange(active, { ...pro, product: 'plus_2021' }, context)).toEqual({ ok: false, reason: 'planNotSold' });
    expect(checkPlanChange(active, pro, context)).toEqual({ ok: false, reason: 'samePlan' });
    expect(checkPlanChange({ ...active, selection: { ...pro, licences: 3 } }, { ...pro, licences: 2 }, { ...context, members: 3 }))
      .toEqual({ ok: false, reason: 'tooFewLicences' });
  });

  it('keeps the plan in force by dropping a pending or scheduled change', () => {
    const scheduled = requestChange(active, { ...pro, product: 'essential_2019' }, 'downgrade');
    expect(checkPlanChange(scheduled, pro, context)).toEqual({ ok: true, value: 'keep' });
    expect(requestChange(scheduled, pro, 'keep')).toEqual(active);
    const pending = requestChange(active, { ...pro, licences: 2 }, 'upgrade');
    expect(requestChange(pending, pro, 'keep')).toEqual(active);
  });

  it('lets a legacy subscriber keep the legacy plan while changing licences', () => {
    const legacy = { ...active, selection: { ...pro, product: 'plus_2019' as const } };
    expect(checkPlanChange(legacy, { ...legacy.selection, licences: 2 }, context)).toEqual({ ok: true, value: 'upgrade' });
  });
});

describe('transitions', () => {
  it('keeps an upgrade pending until it is paid, then applies it over the period paid for', () => {
    const target = { ...pro, product: 'advanced_2024' as const };
    const pending = requestChange(active, target, 'upgrade');
    expect(pending.selection).toEqual(pro);
    expect(pending.pending).toEqual(target);
    const paid = applyPaidUpgrade(pending, { selection: target, periodStart: now, periodEnd: new Date('2025-05-10T00:00:00Z') });
    expect(paid).toMatchObject({ selection: target, pending: null, next: null, status: 'active', currentPeriodStart: now });
  });

  it('schedules a downgrade for the next period, replacing a pending upgrade', () => {
    const pending = requestChange(active, { ...pro, product: 'advanced_2024' }, 'upgrade');
    const scheduled = requestChange(pending, { ...pro, product: 'essential_2019' }, 'downgrade');
    expect(scheduled.pending).toBeNull();
    expect(scheduled.next).toEqual({ ...pro, product: 'essential_2019' });
    expect(scheduled.selection).toEqual(pro);
  });

  it('cancels at period end, dropping scheduled changes; reactivates before the end only', () => {
    const scheduled = requestChange(active, { ...pro, period: 'yearly' }, 'change');
    expect(checkCancel(scheduled, now)).toBeNull();
    const cancelled = cancel(scheduled);
    expect(cancelled).toMatchObject({ cancelAtPeriodEnd: true, next: null, status: 'active' });
    expect(checkCancel(cancelled, now)).toBe('subscriptionCancelling');
    expect(checkReactivate(active, now)).toBe('subscriptionNotCancelling');
    expect(checkReactivate(cancelled, now)).toBeNull();
    expect(checkReactivate(cancelled, new Date('2025-05-01T00:00:00Z'))).toBe('subscriptionEnded');
    expect(reactivate(cancelled).cancelAtPeriodEnd).toBe(false);
    expect(checkCancel({ ...active, manual: true }, now)).toBe('manualSubscription');
  });

  it('ends a cancelled subscription at renewal, otherwise renews with the scheduled change and enough licences', () => {
    expect(renewal(cancel(active), now, 1)).toEqual({ outcome: 'ends' });
    const scheduled = requestChange({ ...active, selection: { ...pro, licences: 3 } }, { ...pro, product: 'essential_2019', licences: 1 }, 'downgrade');
    const renewed = renewal(scheduled, new Date('2025-05-01T00:00:00Z'), 2);
    expect(renewed).toEqual({
      outcome: 'renews', selection: { ...pro, product: 'essential_2019', licences: 2 },
      periodStart: new Date('2025-05-01T00:00:00Z'), periodEnd: new Date('2025-06-01T00:00:00Z'),
    });
    if (renewed.outcome !== 'renews') throw new Error('renews');
    expect(renew(scheduled, renewed, false)).toMatchObject({ status: 'past_due', next: null, currentPeriodEnd: renewed.periodEnd });
    expect(renew(scheduled, renewed, true).status).toBe('active');
  });

  it('lets only a past-due subscription pay now', () => {
    expect(checkPayNow(active)).toBe('noOpenInvoice');
    expect(checkPayNow({ ...active, status: 'past_due' })).toBeNull();
  });
});

describe('what the subscription page shows', () => {
  it('offers the owner the actions of the state, and the members none', () => {
    expect(availableActions(active, 'admin', now)).toEqual(['upgrade', 'downgrade', 'change', 'unsubscribe']);
    expect(availableActions(active, 'active', now)).toEqual([]);
    expect(availableActions(cancel(active), 'admin', now)).toEqual(['reactivate']);
    expect(availableActions({ ...active, status: 'past_due' }, 'admin', now)).toEqual(['payNow', 'unsubscribe']);
    expect(availableActions({ ...active, manual: true }, 'admin', now)).toEqual([]);
    expect(availableActions({ ...active, status: 'ended' }, 'admin', now)).toEqual([]);
  });

  it('badges the plan in force, the pending one and the next one', () => {
    const pending = requestChange(active, { ...pro, product: 'advanced_2024' }, 'upgrade');
    expect(planBadges(pending, 'pro_2020', 'monthly', now)).toEqual(['current']);
    expect(planBadges(pending, 'pro_2020', 'yearly', now)).toEqual([]);
    expect(planBadges(pending, 'advanced_2024', 'monthly', now)).toEqual(['pending']);
    expect(planBadges(requestChange(active, { ...pro, period: 'yearly' }, 'change'), 'pro_2020', 'yearly', now)).toEqual(['next']);
    expect(planBadges(null, 'pro_2020', 'monthly', now)).toEqual([]);
  });

  it('raises the alerts of SPEC §8', () => {
    expect(subscriptionAlerts(active, true, now)).toEqual([]);
    expect(subscriptionAlerts({ ...active, manual: true }, false, now)).toEqual(['manualSubscription']);
    expect(subscriptionAlerts(requestChange(active, { ...pro, licences: 2 }, 'upgrade'), true, now)).toEqual(['pendingUpdate']);
    expect(subscriptionAlerts({ ...active, status: 'past_due' }, true, now)).toEqual(['paymentFailed']);
    expect(subscriptionAlerts(active, false, now)).toEqual(['noDefaultPaymentMethod']);
    expect(subscriptionAlerts(cancel(active), false, now)).toEqual([]);
  });
});
