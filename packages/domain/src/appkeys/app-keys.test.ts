import { describe, expect, it } from 'vitest';
import { PLAN_CATALOGUE } from '../plans/catalogue.js';
import { appKeyActive, appKeyKindOf, appKeyKindsFor, isAppKey, usageMonth } from './app-keys.js';

describe('app keys', () => {
  it('reads the kind from the key', () => {
    expect(appKeyKindOf(`paid_${'x'.repeat(32)}`)).toBe('paid');
    expect(appKeyKindOf(`demo_${'A-_9'.repeat(8)}`)).toBe('demo');
    expect(isAppKey(`demo_${'A-_9'.repeat(8)}`)).toBe(true);
  });

  it('recognises only well-formed keys', () => {
    expect(appKeyKindOf('trial_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toBeUndefined();
    expect(appKeyKindOf('demo_AAAA')).toBeUndefined();
    expect(appKeyKindOf('demo_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/')).toBeUndefined();
    expect(isAppKey(' demo_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toBe(false);
  });

  it('gives every plan a demo key and paid plans a paid key', () => {
    expect(appKeyKindsFor(PLAN_CATALOGUE.default)).toEqual(['demo']);
    expect(appKeyKindsFor(PLAN_CATALOGUE.essential_2019)).toEqual(['demo', 'paid']);
    expect(appKeyKindsFor(PLAN_CATALOGUE.pro_2020)).toEqual(['demo', 'paid']);
    expect(appKeyActive('paid', PLAN_CATALOGUE.default)).toBe(false);
    expect(appKeyActive('demo', PLAN_CATALOGUE.default)).toBe(true);
  });

  it('counts calls by UTC month', () => {
    expect(usageMonth(new Date('2026-11-30T23:59:59Z'))).toBe('2026-11');
    expect(usageMonth(new Date('2026-12-01T00:00:00+02:00'))).toBe('2026-11');
  });
});
