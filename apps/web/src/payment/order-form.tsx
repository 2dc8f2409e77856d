/**
 * The order summary of /payment/{product} (SPEC §9): the plan, billed monthly or yearly, its users
 * (licences) and extra pin packs with their prices, the totals without tax, the tax and with tax,
 * and "Continue to payment", which asks the server for a payment page (POST /Clients/{id}/payment/
 * {product}) and goes there: ours in test mode, the provider's otherwise. An owner already
 * subscribed gets the plan change (an upgrade is paid there; a downgrade or change is scheduled).
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BILLING_PERIODS, classifyChange, isPurchasablePlan, PLAN_CATALOGUE,
  type BillingPeriod, type Currency, type PaidPlan, type PlanChangeResponse,
} from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { startPayment } from '../api/payment.js';
import { queryKeys } from '../api/query-keys.js';
import { getAdditionalUser, getProducts, getSubscription } from '../api/subscription.js';
import { useLocale } from '../i18n/index.js';
import { BillingPeriodSwitch } from '../plans/billing-period-switch.js';
import { formatMoney } from '../plans/plan-offers.js';
import { clampQuantity, LICENCES_BOUNDS, orderSummary, PIN_PACKS_BOUNDS, type OrderSummary } from './order-summary.js';
import { appPathOf } from './payment-links.js';
import { PaymentError } from './payment-error.js';
import { PaymentLines, type PaymentLine } from './payment-lines.js';

interface OrderFormProps {
  clientId: number;
  product: string;
}

export function OrderForm({ clientId, product }: OrderFormProps) {
  const { t } = useTranslation();
  if (!isPurchasablePlan(product)) {
    return (
      <section className="card payment-card" aria-labelledby="payment-title" data-testid="payment-plan-unknown">
        <h1 id="payment-title">{t('titles.payment')}</h1>
        <p className="form-error" role="alert">{t('errors.planNotSold')}</p>
        <div className="card-actions"><Link className="button button-primary" to="/">{t('payment.backToMyMap')}</Link></div>
      </section>
    );
  }
  return <PlanOrder clientId={clientId} product={product} />;
}

function periodOf(value: string | null): BillingPeriod {
  return (BILLING_PERIODS as readonly string[]).includes(value ?? '') ? value as BillingPeriod : 'monthly';
}

/** A quantity given in the address (the payment page's way back to its order), or null. */
function quantityParam(value: string | null, bounds: { min: number; max: number }): number | null {
  return value === null || value.trim() === '' || Number.isNaN(Number(value)) ? null : clampQuantity(value, bounds.min, bounds.max);
}

function PlanOrder({ clientId, product }: { clientId: number; product: PaidPlan }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  // Prices follow the language (EUR in French, USD in English) until a subscription fixes the currency.
  // The same cache entries as the subscription pages': a change on either side refreshes both.
  const products = useQuery({ queryKey: queryKeys.products(clientId, locale), queryFn: ({ signal }) => getProducts(clientId, signal) });
  const additionalUser = useQuery({ queryKey: queryKeys.additionalUser(clientId, locale), queryFn: ({ signal }) => getAdditionalUser(clientId, signal) });
  const subscription = useQuery({ queryKey: queryKeys.subscription(clientId), queryFn: ({ signal }) => getSubscription(clientId, signal) });
  // What the user typed; until then, what the subscription holds (a plan change keeps them), else 1 user and no pack.
  const [licencesTyped, setLicences] = useState<number | null>(() => quantityParam(params.get('licences'), LICENCES_BOUNDS));
  const [pinPacksTyped, setPinPacks] = useState<number | null>(() => quantityParam(params.get('pinPacks'), PIN_PACKS_BOUNDS));
  const [state, setState] = useState<'idle' | 'sending' | { error: string } | { scheduled: PlanChangeResponse }>('idle');

  const current = subscription.data?.subscription ?? null;
  const ownSubscription = current && current.customer === 'customer' && current.status !== 'ended' ? current : null;
  const licences = licencesTyped ?? ownSubscription?.licences ?? 1;
  const pinPacks = pinPacksTyped ?? ownSubscription?.pinPacks ?? 0;
  // A link that orders quantities only (more pin packs) keeps the subscription's billing period.
  const period = params.get('period') !== null ? periodOf(params.get('period')) : ownSubscription?.period ?? 'monthly';

  const failed = products.isError || additionalUser.isError || subscription.isError;
  if (failed) {
    return (
      <PaymentError onRetry={() => {
        void products.refetch();
        void additionalUser.refetch();
        void subscription.refetch();
      }} />
    );
  }
  if (!products.data || !additionalUser.data || !subscription.data) {
    return <section className="card payment-card" aria-busy="true"><p className="muted">{t('app.loading')}</p></section>;
  }

  const summary = orderSummary({ product, period, licences, pinPacks }, products.data, additionalUser.data);
  const offer = products.data.products.find((entry) => entry.product === product);
  if (!summary || !offer) return <PaymentError />;
  const { currency } = products.data;
  const offered = offer[period].action;
  // The plan and billing the owner already has: a change of users or pin packs is still a change
  // (more is paid now, less starts with the next period), which the products call does not list.
  const own = ownSubscription?.product === product && ownSubscription.period === period ? ownSubscription : null;
  const quantityChange = offered === null && own
    ? classifyChange({ product, period, licences: own.licences, pinPacks: own.pinPacks }, { product, period, licences, pinPacks }, currency)
    : 'none';
  const action = offered ?? (quantityChange === 'none' ? null : quantityChange);
  const planName = t(`plans.${product}`);
  const money = (cents: number) => formatMoney(cents, currency, locale);

  if (typeof state === 'object' && 'scheduled' in state) return <ChangeScheduled change={state.scheduled} product={product} />;

  const setPeriod = (next: BillingPeriod) => setParams((previous) => {
    const copy = new URLSearchParams(previous);
    copy.set('period', next);
    return copy;
  }, { replace: true });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState('sending');
    try {
      const answer = await startPayment(clientId, product, { period, licences, pinPacks });
      if (!answer.checkout) {
        setState({ scheduled: answer });
        // The subscription now holds the change to come: the subscription pages read it again.
        void queryClient.invalidateQueries({ queryKey: queryKeys.billing });
        return;
      }
      const path = appPathOf(answer.checkout.url, window.location.origin);
      if (path) void navigate(path);
      else window.location.assign(answer.checkout.url);
    } catch (error) {
      // The server's own refusals (a plan no longer sold, a licence of another's subscription, a
      // quantity out of bounds) say what is wrong; anything else is the payment page's error.
      const known = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401;
      setState({ error: known ? error.message : t('billing.paymentPageError') });
    }
  };

  const member = current?.role === 'active' && current.customer === 'customer';
  const blocked = member || action === null;
  const error = typeof state === 'object' && 'error' in state ? state.error : null;

  return (
    <form className="card payment-card" onSubmit={submit} noValidate aria-labelledby="payment-title" data-testid="payment-order"
      data-product={product} data-period={period}>
      <p className="payment-eyebrow">{t('payment.order.eyebrow')}</p>
      <h1 id="payment-title">{t('payment.order.title', { plan: planName })}</h1>
      <p className="muted">{t('payment.order.intro', { pins: new Intl.NumberFormat(locale).format(PLAN_CATALOGUE[product].pins) })}</p>

      <div className="payment-field">
        <span className="payment-label" id="payment-period-label">{t('payment.order.period')}</span>
        <BillingPeriodSwitch className="payment-period" labelledBy="payment-period-label" testId="payment-period" value={period} onChange={setPeriod} />
        {period === 'yearly' && <p className="field-hint">{t('payment.order.yearlyHint')}</p>}
      </div>

      <QuantityField testId="payment-licences" label={t('payment.order.users')} value={licences} bounds={LICENCES_BOUNDS}
        lessLabel={t('payment.order.removeUser')} moreLabel={t('payment.order.addUser')} onChange={setLicences}
        hint={t('payment.order.usersHint', {
          amount: money(summary.additionalUserMonthly.excludingTax), amountWithTax: money(summary.additionalUserMonthly.includingTax),
        })} />
      <QuantityField testId="payment-pin-packs" label={t('payment.order.pinPacks', { pins: new Intl.NumberFormat(locale).format(summary.pinsPerPack) })}
        value={pinPacks} bounds={PIN_PACKS_BOUNDS} lessLabel={t('payment.order.removePack')} moreLabel={t('payment.order.addPack')} onChange={setPinPacks}
        hint={t('payment.order.pinPacksHint', { amount: money(summary.pinPackMonthly.excludingTax), amountWithTax: money(summary.pinPackMonthly.includingTax) })} />

      <SummaryTable summary={summary} product={product} period={period} currency={currency} taxReason={products.data.tax.reason} />

      {member && <p className="payment-note" data-testid="payment-member-note">{t('payment.order.memberNote', { owner: `${current.owner.firstName} ${current.owner.lastName}`.trim() })}</p>}
      {!member && ownSubscription && action === null && (
        <p className="payment-note" data-testid="payment-same-plan">{t('payment.order.samePlan')}</p>
      )}
      {!member && own && action === 'upgrade' && (
        <p className="payment-note" data-testid="payment-quantity-note">{t('payment.order.quantityUpgradeNote', { plan: planName })}</p>
      )}
      {!member && ownSubscription && !own && action === 'upgrade' && (
        <p className="payment-note" data-testid="payment-upgrade-note">{t('payment.order.upgradeNote', { plan: t(`plans.${ownSubscription.product}`) })}</p>
      )}
      {!member && ownSubscription && (action === 'downgrade' || action === 'change') && (
        <p className="payment-note" data-testid="payment-change-note">{t('payment.order.changeNote')}</p>
      )}
      {error && <p className="form-error" role="alert" data-testid="payment-error">{error}</p>}

      <div className="card-actions payment-actions">
        {blocked ? (
          <Link className="button button-primary" to="/profile/subscription">{t('payment.mySubscription')}</Link>
        ) : (
          <button type="submit" className="button button-primary" disabled={state === 'sending'} data-testid="payment-continue">
            {state === 'sending'
              ? t('payment.order.continuing')
              : action === 'downgrade' || action === 'change' ? t('payment.order.schedule') : t('payment.order.continue')}
          </button>
        )}
        <Link className="button" to="/">{t('payment.backToMyMap')}</Link>
      </div>
    </form>
  );
}

interface QuantityFieldProps {
  testId: string;
  label: string;
  hint: string;
  value: number;
  bounds: { min: number; max: number };
  lessLabel: string;
  moreLabel: string;
  onChange(value: number): void;
}

/** A whole number with − and + beside it; the arrow keys change it too (a number input). */
function QuantityField({ testId, label, hint, value, bounds, lessLabel, moreLabel, onChange }: QuantityFieldProps) {
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const set = (next: number) => {
    setText(null);
    onChange(clampQuantity(next, bounds.min, bounds.max));
  };
  return (
    <div className="field payment-field" data-testid={testId}>
      <label htmlFor={id}>{label}</label>
      <div className="quantity">
        <button type="button" className="button quantity-step" aria-label={lessLabel} disabled={value <= bounds.min}
          onClick={() => set(value - 1)} data-testid={`${testId}-less`}>−</button>
        <input id={id} type="number" inputMode="numeric" min={bounds.min} max={bounds.max} step={1} aria-describedby={`${id}-hint`}
          value={text ?? String(value)} data-testid={`${testId}-input`}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value.trim() !== '') onChange(clampQuantity(event.target.value, bounds.min, bounds.max));
          }}
          onBlur={() => setText(null)} />
        <button type="button" className="button quantity-step" aria-label={moreLabel} disabled={value >= bounds.max}
          onClick={() => set(value + 1)} data-testid={`${testId}-more`}>+</button>
      </div>
      <p id={`${id}-hint`} className="field-hint">{hint}</p>
    </div>
  );
}

interface SummaryTableProps {
  summary: OrderSummary;
  product: PaidPlan;
  period: BillingPeriod;
  currency: Currency;
  taxReason: string;
}

function SummaryTable({ summary, product, period, currency, taxReason }: SummaryTableProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = (cents: number) => formatMoney(cents, currency, locale);
  const lines = summary.lines.map((line): PaymentLine => ({
    kind: line.kind,
    label: t(`billing.lines.${line.kind}`, { plan: t(`plans.${product}`) }),
    details: line.quantity > 1 || line.kind !== 'plan' ? [t('payment.quantityTimes', { count: line.quantity, amount: money(line.unitAmount) })] : [],
    amount: money(line.amount),
  }));
  return (
    <PaymentLines
      testId="payment-summary"
      lines={lines}
      subtotal={money(summary.total.excludingTax)}
      taxLabel={t('payment.tax', { rate: t(`billing.taxReasons.${taxReason}`) })}
      tax={money(summary.total.tax)}
      total={money(summary.total.includingTax)}
      totalSuffix={<span className="payment-per">{t(`billing.perPeriod.${period}`)}</span>}
    />
  );
}

/** An owner's downgrade or change: nothing to pay now, it starts with the next period. */
function ChangeScheduled({ change, product }: { change: PlanChangeResponse; product: PaidPlan }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const date = change.effectiveAt ? new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(change.effectiveAt)) : null;
  return (
    <section className="card payment-card" aria-labelledby="payment-title" data-testid="payment-scheduled">
      <h1 id="payment-title">{t('payment.scheduled.title')}</h1>
      <p role="status">
        {change.change === 'keep' || !date
          ? t('payment.scheduled.kept', { plan: t(`plans.${product}`) })
          : t('payment.scheduled.text', { plan: t(`plans.${product}`), date })}
      </p>
      <div className="card-actions">
        <Link className="button button-primary" to="/profile/subscription">{t('payment.mySubscription')}</Link>
        <Link className="button" to="/">{t('payment.backToMyMap')}</Link>
      </div>
    </section>
  );
}
