/**
 * What a subscription costs: the lines of a period's invoice for a selection (plan, licences, pin
 * packs), and of an upgrade made during a period. Amounts in cents, before tax.
 */
import {
  additionalUserPrice, pinPackPrice, planPrice, type BillingPeriod, type Currency, type PaidPlan,
} from './prices.js';
import { addBillingPeriod, prorate } from './periods.js';

/** What a subscription buys: a plan, billed monthly or yearly, for a number of users, with extra pin packs. */
export interface PlanSelection {
  product: PaidPlan;
  period: BillingPeriod;
  /** Users of the subscription, its owner included (at least 1; the plan's price covers the first). */
  licences: number;
  pinPacks: number;
}

export const INVOICE_LINE_KINDS = ['plan', 'additionalUsers', 'pinPacks', 'unusedTime'] as const;
/**
 * `plan` the plan for the period; `additionalUsers` users beyond the first; `pinPacks` packs of
 * 10,000 pins; `unusedTime` a credit (negative) for what was paid and not used of the period an
 * upgrade cuts short. Lines of a prorated change carry `prorated: true`.
 */
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];

export interface InvoiceLine {
  kind: InvoiceLineKind;
  product: PaidPlan;
  period: BillingPeriod;
  quantity: number;
  /** Price of one unit for a whole period (cents, before tax). */
  unitAmount: number;
  /** What the line adds to the invoice (cents, before tax; negative for a credit). */
  amount: number;
  prorated?: boolean;
}

/** The lines of one whole period of a selection; lines of zero quantity are left out. */
export function periodLines(selection: PlanSelection, currency: Currency): InvoiceLine[] {
  const { product, period } = selection;
  const line = (kind: InvoiceLineKind, quantity: number, unitAmount: number): InvoiceLine =>
    ({ kind, product, period, quantity, unitAmount, amount: quantity * unitAmount });
  return [
    line('plan', 1, planPrice(product, period, currency)),
    line('additionalUsers', selection.licences - 1, additionalUserPrice(product, period, currency)),
    line('pinPacks', selection.pinPacks, pinPackPrice(period, currency)),
  ].filter((l) => l.quantity > 0);
}

export function linesTotal(lines: readonly InvoiceLine[]): number {
  return lines.reduce((sum, l) => sum + l.amount, 0);
}

/** The price of a selection for one period, before tax. */
export function selectionPrice(selection: PlanSelection, currency: Currency): number {
  return linesTotal(periodLines(selection, currency));
}

export interface Upgrade {
  lines: InvoiceLine[];
  /** The period once it is paid: a new one from the payment when the plan or its period changes, else the current one. */
  periodStart: Date;
  periodEnd: Date;
}

/**
 * What an upgrade costs when paid at `at`. A new plan or period starts a new period there, billed
 * in full, less a credit for the time left of the current one (never more than the new price: what
 * is left above it is not refunded). More licences or pin packs on the same plan and period cost
 * their price for the time left of the current period (fewer, a credit as well).
 */
export function upgradeCharge(
  current: PlanSelection, currentPeriod: { start: Date; end: Date }, target: PlanSelection, currency: Currency, at: Date,
): Upgrade {
  if (target.product !== current.product || target.period !== current.period) {
    const lines = periodLines(target, currency);
    const credit = Math.min(prorate(selectionPrice(current, currency), currentPeriod, at), linesTotal(lines));
    if (credit > 0) {
      lines.push({ kind: 'unusedTime', product: current.product, period: current.period, quantity: 1, unitAmount: -credit, amount: -credit, prorated: true });
    }
    return { lines, periodStart: at, periodEnd: addBillingPeriod(at, target.period) };
  }
  const { product, period } = target;
  const delta = (kind: InvoiceLineKind, quantity: number, unitAmount: number): InvoiceLine[] => quantity === 0 ? [] : [{
    kind, product, period, quantity, unitAmount, amount: prorate(quantity * unitAmount, currentPeriod, at), prorated: true,
  }];
  return {
    lines: [
      ...delta('additionalUsers', target.licences - current.licences, additionalUserPrice(product, period, currency)),
      ...delta('pinPacks', target.pinPacks - current.pinPacks, pinPackPrice(period, currency)),
    ],
    periodStart: currentPeriod.start,
    periodEnd: currentPeriod.end,
  };
}
