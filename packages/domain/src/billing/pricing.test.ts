import { describe, expect, it } from 'vitest';
import { PLAN_PRICES } from './prices.js';
import { linesTotal, periodLines, selectionPrice, upgradeCharge, type PlanSelection } from './pricing.js';

const pro: PlanSelection = { product: 'pro_2020', period: 'monthly', licences: 1, pinPacks: 0 };
const month = { start: new Date('2025-04-01T00:00:00Z'), end: new Date('2025-05-01T00:00:00Z') };
const halfway = new Date('2025-04-16T00:00:00Z');

describe('periodLines', () => {
  it('bills the plan, each user beyond the first and each pin pack', () => {
    const lines = periodLines({ ...pro, licences: 3, pinPacks: 2 }, 'EUR');
    expect(lines.map((l) => [l.kind, l.quantity, l.unitAmount, l.amount])).toEqual([
      ['plan', 1, 8_900, 8_900],
      ['additionalUsers', 2, 3_900, 7_800],
      ['pinPacks', 2, 3_000, 6_000],
    ]);
    expect(linesTotal(lines)).toBe(22_700);
  });

  it('has one line for a single user without packs, at the yearly price for a year', () => {
    expect(periodLines({ ...pro, period: 'yearly' }, 'USD')).toEqual([
      { kind: 'plan', product: 'pro_2020', period: 'yearly', quantity: 1, unitAmount: PLAN_PRICES.pro_2020.yearly.USD, amount: PLAN_PRICES.pro_2020.yearly.USD },
    ]);
  });
});

describe('upgradeCharge', () => {
  it('starts a new period for a higher plan, crediting the unused half of the current one', () => {
    const upgrade = upgradeCharge(pro, month, { ...pro, product: 'advanced_2024' }, 'EUR', halfway);
    expect(upgrade.lines.map((l) => [l.kind, l.amount])).toEqual([['plan', 17_900], ['unusedTime', -4_450]]);
    expect(linesTotal(upgrade.lines)).toBe(13_450);
    expect(upgrade.periodStart).toEqual(halfway);
    expect(upgrade.periodEnd.toISOString()).toBe('2025-05-16T00:00:00.000Z');
  });

  it('never credits more than the new price', () => {
    const crowded = { ...pro, product: 'essential_2019' as const, licences: 20 };
    const upgrade = upgradeCharge(crowded, month, { ...pro, licences: 1 }, 'EUR', month.start);
    expect(linesTotal(upgrade.lines)).toBe(0);
  });

  it('charges added licences and packs for the time left, keeping the period', () => {
    const upgrade = upgradeCharge(pro, month, { ...pro, licences: 3, pinPacks: 1 }, 'EUR', halfway);
    expect(upgrade.lines.map((l) => [l.kind, l.quantity, l.amount, l.prorated])).toEqual([
      ['additionalUsers', 2, 3_900, true],
      ['pinPacks', 1, 1_500, true],
    ]);
    expect(upgrade.periodStart).toEqual(month.start);
    expect(upgrade.periodEnd).toEqual(month.end);
  });

  it('prices a selection at the sum of its lines', () => {
    expect(selectionPrice({ ...pro, licences: 2 }, 'USD')).toBe(PLAN_PRICES.pro_2020.monthly.USD + PLAN_PRICES.pro_2020.additionalUserMonthly.USD);
  });
});
