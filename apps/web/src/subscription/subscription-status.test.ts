import { describe, expect, it } from 'vitest';
import { checkCancelForm, isPlanChange, managementOf, otherPeriod, planChangeOutcome, subscriptionTerm } from './subscription-status.js';

const end = '2025-07-01T10:00:00.000Z';

describe('subscriptionTerm', () => {
  it('renews on the next renewal while it runs', () => {
    expect(subscriptionTerm({ customer: 'customer', nextRenewal: end, expiry: null })).toEqual({ kind: 'renews', date: end });
  });
  it('ends on its expiry once cancelled, and has ended once churned', () => {
    expect(subscriptionTerm({ customer: 'customer', nextRenewal: null, expiry: end })).toEqual({ kind: 'ends', date: end });
    expect(subscriptionTerm({ customer: 'churned', nextRenewal: null, expiry: end })).toEqual({ kind: 'ended', date: end });
  });
  it('runs with no end (a manual subscription without one)', () => {
    expect(subscriptionTerm({ customer: 'customer', nextRenewal: null, expiry: null })).toEqual({ kind: 'noEnd' });
  });
});

describe('managementOf', () => {
  it('is the owner\'s, a member\'s to read, or support\'s for a manual subscription whoever asks', () => {
    expect(managementOf({ manual: false, role: 'admin' })).toBe('owner');
    expect(managementOf({ manual: false, role: 'active' })).toBe('member');
    expect(managementOf({ manual: true, role: 'admin' })).toBe('support');
  });
});

describe('planChangeOutcome', () => {
  const view = { nextRenewal: end, expiry: null };
  it('applies an upgrade now (once paid) and a downgrade or change at the period\'s end', () => {
    expect(planChangeOutcome('upgrade', { product: 'advanced_2024', period: 'monthly' }, view).startsAt).toBe('now');
    expect(planChangeOutcome('downgrade', { product: 'essential_2019', period: 'monthly' }, view))
      .toEqual({ kind: 'downgrade', product: 'essential_2019', period: 'monthly', startsAt: end });
    expect(planChangeOutcome('change', { product: 'pro_2020', period: 'yearly' }, view).startsAt).toBe(end);
    expect(planChangeOutcome('keep', { product: 'pro_2020', period: 'monthly' }, view).startsAt).toBe('now');
  });
  it('has no date when the subscription has none', () => {
    expect(planChangeOutcome('downgrade', { product: 'essential_2019', period: 'monthly' }, { nextRenewal: null, expiry: null }).startsAt).toBeNull();
  });
});

describe('isPlanChange and otherPeriod', () => {
  it('tells a change from subscribing or nothing to do', () => {
    expect(['upgrade', 'downgrade', 'change', 'keep'].every(isPlanChange)).toBe(true);
    expect(isPlanChange('subscribe')).toBe(false);
    expect(isPlanChange(null)).toBe(false);
  });
  it('swaps the billing period', () => {
    expect(otherPeriod('monthly')).toBe('yearly');
    expect(otherPeriod('yearly')).toBe('monthly');
  });
});

describe('checkCancelForm', () => {
  it('requires a reason', () => {
    expect(checkCancelForm('', 'too bad')).toEqual({ valid: false, errors: { reason: 'validation.cancelReason' } });
  });
  it('sends the reason, and the comment trimmed when there is one', () => {
    expect(checkCancelForm('tooExpensive', '  ')).toEqual({ valid: true, body: { cancelFeedback: 'tooExpensive' } });
    expect(checkCancelForm('other', ' We closed the shop ')).toEqual({ valid: true, body: { cancelFeedback: 'other', cancelComment: 'We closed the shop' } });
  });
  it('refuses a comment longer than the server keeps', () => {
    expect(checkCancelForm('other', 'x'.repeat(2001))).toEqual({ valid: false, errors: { comment: 'validation.tooLong' } });
  });
});
