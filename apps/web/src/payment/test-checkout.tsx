/**
 * The test-mode provider's payment page (/payment/{product}?checkout={id}): plainly in TEST MODE
 * (no card, nothing charged), what is paid for (lines, subtotal, tax, total) and until when, a
 * "Pay (test)" button and one that plays a declined card. Paid: the session is read again (the
 * plan and its features change at once) and the success page follows. Declined: said on the page,
 * and the user may try again. A page already paid, expired or unknown says so with a way back.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckoutView } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { confirmCheckout, getCheckout } from '../api/payment.js';
import { queryKeys } from '../api/query-keys.js';
import { useLocale } from '../i18n/index.js';
import { formatMoney } from '../plans/plan-offers.js';
import { appPathOf } from './payment-links.js';
import { PaymentError } from './payment-error.js';
import { PaymentLines, type PaymentLine } from './payment-lines.js';

interface TestCheckoutProps {
  checkoutId: string;
  /** The plan of the page's address, for the way back to its order. */
  product: string;
}

type PayState = 'idle' | 'paying' | 'declining' | 'declined' | 'failed';

export function TestCheckout({ checkoutId, product }: TestCheckoutProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const checkout = useQuery({
    queryKey: ['payment', 'checkout', checkoutId],
    queryFn: ({ signal }) => getCheckout(checkoutId, signal),
    retry: false,
  });
  const [state, setState] = useState<PayState>('idle');

  if (checkout.isError) {
    const notFound = checkout.error instanceof ApiError && (checkout.error.status === 404 || checkout.error.status === 400);
    if (notFound) return <CheckoutClosed outcome="notFound" product={product} />;
    return <PaymentError onRetry={() => void checkout.refetch()} />;
  }
  if (!checkout.data) return <section className="card payment-card" aria-busy="true"><p className="muted">{t('app.loading')}</p></section>;
  const view = checkout.data;
  if (view.status !== 'open') return <CheckoutClosed outcome={view.status} product={view.product} period={view.period} />;

  const money = (cents: number) => formatMoney(cents, view.currency, locale);
  const expiry = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(view.expiresAt));
  const busy = state === 'paying' || state === 'declining';

  const confirm = async (outcome: 'paid' | 'declined') => {
    setState(outcome === 'paid' ? 'paying' : 'declining');
    try {
      const answer = await confirmCheckout(checkoutId, outcome);
      // The plan and its features change at once: every screen reads the session again.
      await queryClient.invalidateQueries({ queryKey: queryKeys.session });
      void navigate(appPathOf(answer.redirect, window.location.origin) ?? `/paymentSuccess?product=${view.product}`);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'PAYMENT_DECLINED') setState('declined');
      // Paid meanwhile (another tab) or expired: the page reads the checkout again and says so.
      else if (error instanceof ApiError && (error.code === 'CHECKOUT_CLOSED' || error.code === 'CHECKOUT_NOT_FOUND')) {
        setState('idle');
        void checkout.refetch();
      } else setState('failed');
    }
  };

  return (
    <section className="card payment-card" aria-labelledby="payment-title" data-testid="test-checkout" data-status={view.status}>
      <div className="test-mode-banner" role="note" data-testid="test-mode-banner">
        <strong className="test-mode-badge">{t('payment.test.badge')}</strong>
        <span>{t('payment.test.banner')}</span>
      </div>
      <p className="payment-eyebrow">{t('titles.payment')}</p>
      <h1 id="payment-title">
        {t(view.kind === 'invoice' ? 'payment.test.titleInvoice' : 'payment.test.title', {
          plan: t(`plans.${view.product}`), billed: t(`payment.test.billed.${view.period}`),
        })}
      </h1>
      <CheckoutLines view={view} money={money} />
      <p className="muted payment-expiry" data-testid="test-checkout-expiry">{t('payment.test.expires', { date: expiry })}</p>

      {state === 'declined' && (
        <p className="form-error" role="alert" data-testid="payment-declined">{t('payment.test.declined')}</p>
      )}
      {state === 'failed' && <p className="form-error" role="alert" data-testid="payment-error">{t('billing.paymentPageError')}</p>}

      <div className="card-actions payment-actions">
        <button type="button" className="button button-primary" disabled={busy} onClick={() => void confirm('paid')} data-testid="test-checkout-pay">
          {state === 'paying' ? t('payment.test.paying') : t('payment.test.pay', { amount: money(view.total) })}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void confirm('declined')} data-testid="test-checkout-decline">
          {t('payment.test.decline')}
        </button>
      </div>
      <p className="payment-back">
        <Link to={`/payment/${view.product}?period=${view.period}&licences=${view.licences}&pinPacks=${view.pinPacks}`} data-testid="test-checkout-back">{t('payment.test.backToOrder')}</Link>
      </p>
    </section>
  );
}

function CheckoutLines({ view, money }: { view: CheckoutView; money: (cents: number) => string }) {
  const { t } = useTranslation();
  const rate = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 }).format(view.taxRateBasisPoints / 100);
  const lines = view.lines.map((line): PaymentLine => ({
    kind: line.kind,
    label: t(`billing.lines.${line.kind}`, { plan: t(`plans.${line.product}`) }),
    details: [
      ...(line.kind !== 'plan' && line.kind !== 'unusedTime' ? [t('payment.quantityTimes', { count: line.quantity, amount: money(line.unitAmount) })] : []),
      ...(line.prorated ? [t('payment.test.prorated')] : []),
    ],
    amount: money(line.amount),
  }));
  return (
    <PaymentLines
      testId="test-checkout-lines"
      lines={lines}
      subtotal={money(view.subtotal)}
      taxLabel={view.taxRateBasisPoints === 0 ? t('payment.noTax') : t('payment.taxRate', { rate })}
      tax={money(view.tax)}
      total={money(view.total)}
    />
  );
}

interface CheckoutClosedProps {
  outcome: 'paid' | 'expired' | 'notFound';
  product: string;
  period?: string;
}

/** A payment page that can no longer be paid: already paid, expired, or not this user's. */
function CheckoutClosed({ outcome, product, period }: CheckoutClosedProps) {
  const { t } = useTranslation();
  const order = `/payment/${encodeURIComponent(product)}${period ? `?period=${period}` : ''}`;
  return (
    <section className="card payment-card payment-outcome" aria-labelledby="payment-title" data-testid="test-checkout-closed" data-outcome={outcome}>
      <div className={`outcome-icon ${outcome === 'paid' ? 'outcome-success' : 'outcome-problem'}`} aria-hidden="true">{outcome === 'paid' ? '✓' : '!'}</div>
      <h1 id="payment-title">{t(`payment.closed.${outcome}Title`)}</h1>
      <p role="status">{t(`payment.closed.${outcome}Text`)}</p>
      <div className="card-actions">
        {outcome === 'paid'
          ? <Link className="button button-primary" to="/profile/subscription">{t('payment.mySubscription')}</Link>
          : <Link className="button button-primary" to={order} data-testid="test-checkout-restart">{t('payment.closed.restart')}</Link>}
        <Link className="button" to="/">{t('payment.backToMyMap')}</Link>
      </div>
    </section>
  );
}
