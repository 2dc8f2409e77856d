/**
 * /paymentSuccess (SPEC §2, not indexed): where a paid checkout lands (ours in test mode, the
 * provider's otherwise, with ?product=). The session is read again, so the plan and its features
 * hold everywhere at once, and the page says which plan the user now has and what it includes,
 * with the way back to the map and to the subscription.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { planDefinition, type SubscriptionView } from '@catchment/domain';
import { getSubscription } from '../api/subscription.js';
import { queryKeys } from '../api/query-keys.js';
import { loginPath } from '../api/session-expiry.js';
import { useNoIndex, usePageTitle } from '../app/page-title.js';
import { useSession } from '../auth/use-session.js';
import { useLocale } from '../i18n/index.js';
import { planFacts } from '../plans/plan-offers.js';
import { PlanHoldings } from './plan-holdings.js';
import '../auth/account.css';
import './payment.css';

export function PaymentSuccessPage() {
  const { t } = useTranslation();
  usePageTitle('titles.paymentSuccess');
  useNoIndex();
  const { status, user } = useSession();
  const location = useLocation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  // Read the session again once, whichever page sent the user here (a provider's page has not).
  const [refreshed, setRefreshed] = useState(false);
  useEffect(() => {
    let live = true;
    void Promise.allSettled([
      queryClient.refetchQueries({ queryKey: queryKeys.session }),
      queryClient.invalidateQueries({ queryKey: queryKeys.billing }),
      queryClient.invalidateQueries({ queryKey: ['payment'] }),
    ]).then(() => { if (live) setRefreshed(true); });
    return () => { live = false; };
  }, [queryClient]);
  // What was bought: its users, its pins with the extra packs, and when it renews.
  const subscription = useQuery({
    queryKey: queryKeys.subscription(user?.id ?? 0),
    queryFn: ({ signal }) => getSubscription(user!.id, signal),
    enabled: refreshed && !!user,
  });

  if (status === 'unknown') {
    return <main className="centered-page"><p className="muted">{t('app.loading')}</p></main>;
  }
  if (!user) return <Navigate to={loginPath(location.pathname + location.search)} replace />;

  const paidFor = params.get('product');
  const plan = planDefinition(user.product);
  const planName = t(`plans.${plan.id}`);
  // The provider's confirmation may reach us a moment after the user (a webhook): until the session has the plan paid for, say so.
  const current = subscription.data?.subscription;
  const owned = current && current.product === user.product && current.customer === 'customer' ? current : null;
  const waiting = paidFor !== null && paidFor !== user.product && planDefinition(paidFor).id === paidFor;

  return (
    <main className="centered-page payment-page">
      <section className="card payment-card payment-outcome" aria-labelledby="payment-success-title" aria-live="polite"
        data-testid="payment-success" data-plan={user.product} data-refreshed={refreshed || undefined}>
        <div className="outcome-icon outcome-success" aria-hidden="true">✓</div>
        <h1 id="payment-success-title">{t('payment.success.title')}</h1>
        {!refreshed || subscription.isPending ? (
          <p className="muted">{t('payment.success.updating')}</p>
        ) : waiting ? (
          <p data-testid="payment-success-waiting">{t('payment.success.waiting', { plan: t(`plans.${paidFor}`) })}</p>
        ) : (
          <>
            <p className="payment-success-plan" data-testid="payment-success-plan">{t('payment.success.plan', { plan: planName })}</p>
            {owned && <SubscriptionLine subscription={owned} />}
            <p className="muted">{t('payment.success.includes')}</p>
            <div className="payment-success-facts">
              <PlanHoldings facts={{ ...planFacts(plan), pins: owned?.pins ?? plan.pins }} locale={locale} />
            </div>
          </>
        )}
        <div className="card-actions">
          <Link className="button button-primary" to="/" data-testid="payment-success-map">{t('payment.backToMyMap')}</Link>
          <Link className="button" to="/profile/subscription" data-testid="payment-success-subscription">{t('payment.mySubscription')}</Link>
        </div>
      </section>
    </main>
  );
}

/** "2 users · billed yearly, next payment on 23 November 2027". */
function SubscriptionLine({ subscription }: { subscription: SubscriptionView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const date = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(iso));
  const parts = [t('payment.success.users', { count: subscription.licences })];
  if (subscription.nextRenewal) parts.push(t(`payment.success.renews.${subscription.period}`, { date: date(subscription.nextRenewal) }));
  return <p className="muted" data-testid="payment-success-subscription-line">{parts.join(' · ')}</p>;
}
