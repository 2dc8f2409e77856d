import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PURCHASABLE_PLANS, additionalUserPrice, pinPackPrice, planPrice } from '@catchment/domain';
import { allLookupKeys, expectedUnitAmount, parseLookupKey, priceLookupKey, selectionFromItems, selectionItems } from './stripe-prices.js';

describe('Stripe price lookup keys', () => {
  it('name the plan, the extra user and the pin pack by period and currency', () => {
    expect(priceLookupKey({ kind: 'plan', product: 'pro_2020', period: 'monthly', currency: 'EUR' })).toBe('pro_2020_monthly_eur');
    expect(priceLookupKey({ kind: 'extraUser', product: 'advanced_2024', period: 'yearly', currency: 'USD' })).toBe('advanced_2024_extra_user_yearly_usd');
    expect(priceLookupKey({ kind: 'pinPack', period: 'monthly', currency: 'USD' })).toBe('pin_pack_monthly_usd');
  });

  it('read back what they sell, and nothing from keys that are not ours', () => {
    for (const key of allLookupKeys(PURCHASABLE_PLANS)) expect(priceLookupKey(parseLookupKey(key)!)).toBe(key);
    expect(parseLookupKey('essential_2019_extra_user_monthly_eur')).toEqual({ kind: 'extraUser', product: 'essential_2019', period: 'monthly', currency: 'EUR' });
    expect(parseLookupKey('plus_2021_yearly_usd')).toEqual({ kind: 'plan', product: 'plus_2021', period: 'yearly', currency: 'USD' });
    for (const other of ['default_monthly_eur', 'pro_2020_weekly_eur', 'pro_2020_monthly_gbp', 'gold_monthly_eur', 'nope_extra_user_monthly_eur', '', null]) {
      expect(parseLookupKey(other)).toBeNull();
    }
  });

  it('cost what our price list says, before tax', () => {
    expect(expectedUnitAmount({ kind: 'plan', product: 'pro_2020', period: 'yearly', currency: 'EUR' })).toBe(planPrice('pro_2020', 'yearly', 'EUR'));
    expect(expectedUnitAmount({ kind: 'extraUser', product: 'pro_2020', period: 'yearly', currency: 'USD' })).toBe(additionalUserPrice('pro_2020', 'yearly', 'USD'));
    expect(expectedUnitAmount({ kind: 'pinPack', period: 'yearly', currency: 'EUR' })).toBe(pinPackPrice('yearly', 'EUR'));
  });

  it('list 5 prices per period and currency for the plans on sale (20 in all)', () => {
    const keys = allLookupKeys(PURCHASABLE_PLANS);
    expect(keys).toHaveLength(PURCHASABLE_PLANS.length * 2 * 4 + 4);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('the operator\'s price list (docs/billing.md)', () => {
  it('names every price to create, at our amount and period', () => {
    const doc = readFileSync(new URL('../../../../../../docs/billing.md', import.meta.url), 'utf8');
    const rows = [...doc.matchAll(/^\| `([a-z0-9_]+)` \| ([\d.]+) (EUR|USD) \| (month|year) \|$/gm)];
    expect(rows.map((row) => row[1])).toEqual(allLookupKeys(PURCHASABLE_PLANS));
    for (const [, key, amount, currency, interval] of rows) {
      const kind = parseLookupKey(key)!;
      expect(Math.round(Number(amount) * 100), key).toBe(expectedUnitAmount(kind));
      expect([currency, interval], key).toEqual([kind.currency, kind.period === 'monthly' ? 'month' : 'year']);
    }
  });
});

describe('a selection as Stripe items', () => {
  const selection = { product: 'pro_2020', period: 'monthly', licences: 3, pinPacks: 2 } as const;

  it('is the plan once, the users beyond the first and the packs', () => {
    expect(selectionItems(selection, 'EUR').map((item) => [priceLookupKey(item.price), item.quantity])).toEqual([
      ['pro_2020_monthly_eur', 1], ['pro_2020_extra_user_monthly_eur', 2], ['pin_pack_monthly_eur', 2],
    ]);
    expect(selectionItems({ ...selection, licences: 1, pinPacks: 0 }, 'USD').map((item) => item.quantity)).toEqual([1, 0, 0]);
  });

  it('is read back from the items, those of quantity 0 and foreign prices left out', () => {
    const items = selectionItems(selection, 'EUR').map((item) => ({ lookupKey: priceLookupKey(item.price), quantity: item.quantity }));
    expect(selectionFromItems([...items, { lookupKey: 'someone_elses_price', quantity: 4 }, { lookupKey: null, quantity: 1 }]))
      .toEqual({ selection, currency: 'EUR' });
    expect(selectionFromItems([{ lookupKey: 'pro_2020_monthly_eur', quantity: 1 }, { lookupKey: 'pin_pack_monthly_eur', quantity: 0 }]))
      .toEqual({ selection: { product: 'pro_2020', period: 'monthly', licences: 1, pinPacks: 0 }, currency: 'EUR' });
  });

  it('is no selection without exactly one plan, or with periods or currencies mixed', () => {
    expect(selectionFromItems([{ lookupKey: 'pin_pack_monthly_eur', quantity: 1 }])).toBeNull();
    expect(selectionFromItems([{ lookupKey: 'pro_2020_monthly_eur', quantity: 1 }, { lookupKey: 'essential_2019_monthly_eur', quantity: 1 }])).toBeNull();
    expect(selectionFromItems([{ lookupKey: 'pro_2020_monthly_eur', quantity: 1 }, { lookupKey: 'pin_pack_yearly_eur', quantity: 1 }])).toBeNull();
    expect(selectionFromItems([{ lookupKey: 'pro_2020_monthly_eur', quantity: 1 }, { lookupKey: 'pro_2020_extra_user_monthly_usd', quantity: 1 }])).toBeNull();
  });
});
