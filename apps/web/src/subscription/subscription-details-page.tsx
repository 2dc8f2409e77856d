/**
 * /profile/subscription, the details (SPEC §2 default child, §3 Subscription, §4, §8, §9): for a free
 * user, the free plan and the plan comparison; for a customer, the plan, its billing period and
 * price (without and with tax, in the subscription's currency), the renewal or the end, the owner,
 * licences and pins, a change waiting for its payment or starting at the period's end, a
 * cancellation (with Reactivate), the API's alerts, and what the owner may do (the server's
 * `actions`): change plan or period, manage the payment method, pay an open invoice, cancel. A user
 * holding another's licence reads it; a manual subscription is changed via support. After every
 * change the session and the page are read again.
 */
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  additionalUserPrice, isPaidPlan, PIN_PACK_SIZE, pinPackPrice, type SubscriptionResponse, type SubscriptionView,
} from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { changeSubscription, getCustomerPortal, payOpenInvoice } from '../api/subscription.js';
import { usePageTitle } from '../app/page-title.js';
import { useToasts, type ToastOptions } from '../app/toasts.js';
import { useLocale } from '../i18n/index.js';
import { formatMoney } from '../plans/plan-offers.js';
import { usePlansDialog } from '../plans/plans-dialog-context.js';
import { useProfileUser } from '../profile/profile-layout.js';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog.js';
import { useGoToCheckout } from './go-to-checkout.js';
import { ReactivateSubscriptionDialog } from './reactivate-subscription-dialog.js';
import { managementOf, otherPeriod, subscriptionTerm } from './subscription-status.js';
import { useRefreshSubscription, useSubscription } from './use-subscription.js';

export function SubscriptionDetailsPage() {
  const { t } = useTranslation();
  usePageTitle('titles.subscription');
  const user = useProfileUser();
  const query = useSubscription(user.id);

  return (
    <main className="subscription-details" data-testid="subscription-page" aria-labelledby="subscription-title"
      aria-busy={query.isFetching || undefined}>
      {query.isPending && <p className="muted" data-testid="subscription-loading">{t('app.loading')}</p>}
      {query.isError && (
        <div className="form-error subscription-error" role="alert" data-testid="subscription-error">
          <p>{t('billing.subscriptionPageError')}</p>
          <button type="button" className="button button-small" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {t('subscription.errorRetry')}
          </button>
        </div>
      )}
      {query.data && <SubscriptionContent answer={query.data} />}
    </main>
  );
}

function SubscriptionContent({ answer }: { answer: SubscriptionResponse }) {
  const { subscription } = answer;
  if (!subscription) return <FreePlan />;
  if (subscription.customer === 'churned') return <FreePlan ended={subscription} />;
  return <SubscriptionDetails view={subscription} />;
}

/** No subscription (or one that ended): the free plan and the plan comparison. */
function FreePlan({ ended }: { ended?: SubscriptionView }) {
  const { t } = useTranslation();
  const openPlans = usePlansDialog();
  const formatDate = useDateFormat();
  const plan = ended ? t(`plans.${ended.product}`) : '';
  return (
    <section className="profile-section subscription-empty" data-testid="subscription-empty" aria-labelledby="subscription-empty-title">
      {ended && (
        <p className="subscription-notice" role="note" data-testid="subscription-ended">
          {ended.expiry ? t('subscription.ended', { plan, date: formatDate(ended.expiry) }) : t('subscription.endedNoDate', { plan })}
        </p>
      )}
      <h2 id="subscription-empty-title">{t('subscription.free.title')}</h2>
      <p className="muted">{t('subscription.free.text')}</p>
      <button type="button" className="button button-primary" data-testid="subscription-see-plans" onClick={() => openPlans()}>
        {t('subscription.free.seePlans')}
      </button>
    </section>
  );
}

function useDateFormat(): (iso: string) => string {
  const locale = useLocale();
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'long' });
  return (iso) => format.format(new Date(iso));
}

type Busy = null | 'keep' | 'pay' | 'portal';

function SubscriptionDetails({ view }: { view: SubscriptionView }) {
  const { t } = useTranslation();
  const user = useProfileUser();
  const locale = useLocale();
  const formatDate = useDateFormat();
  const openPlans = usePlansDialog();
  const toasts = useToasts();
  const refresh = useRefreshSubscription(user.id);
  const goToCheckout = useGoToCheckout();
  const [busy, setBusy] = useState<Busy>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [portalNote, setPortalNote] = useState(false);
  const [dialog, setDialog] = useState<null | 'cancel' | 'reactivate'>(null);
  // The last outcome said (kept, cancelled, reactivated): a new one replaces it rather than stacking above it.
  const outcome = useRef<number | null>(null);
  const announce = (options: ToastOptions) => {
    if (outcome.current !== null) toasts.dismiss(outcome.current);
    outcome.current = toasts.show(options);
  };

  const management = managementOf(view);
  const owner = management === 'owner';
  const term = subscriptionTerm(view);
  const plan = t(`plans.${view.product}`);
  const money = (cents: number) => formatMoney(cents, view.currency, locale);
  const per = (period: SubscriptionView['period']) => t(`billing.perPeriod.${period}`);
  const billed = (period: SubscriptionView['period']) => t(`plansDialog.billed.${period}`);
  const may = (action: SubscriptionView['actions'][number]) => view.actions.includes(action);
  const mayChange = (may('upgrade') || may('downgrade') || may('change')) && isPaidPlan(view.product);
  const paidPlan = isPaidPlan(view.product) ? view.product : null;
  const ownerName = `${view.owner.firstName} ${view.owner.lastName}`.trim() || view.owner.email;
  const periodEnd = view.nextRenewal ?? view.expiry;

  /** Runs a page action: its button says so and every action waits; a refusal says why, anything else is the unexpected-error alert. */
  const run = async (kind: Exclude<Busy, null>, action: () => Promise<void>) => {
    setBusy(kind);
    setActionError(null);
    try {
      await action();
    } catch (caught) {
      setActionError(caught instanceof ApiError && caught.status < 500 ? caught.message : t('billing.alerts.unexpectedError'));
    } finally {
      setBusy(null);
    }
  };

  const keepCurrent = () => run('keep', async () => {
    const answer = await changeSubscription(user.id, { product: view.product, period: view.period });
    await refresh(answer.subscription ?? undefined);
    announce({ message: t('subscription.kept', { plan }), tone: 'success', testId: 'subscription-kept' });
  });
  const payNow = () => run('pay', async () => {
    const { checkout } = await payOpenInvoice(user.id);
    goToCheckout(checkout.url);
  });
  const managePayment = () => run('portal', async () => {
    setPortalNote(false);
    const portal = await getCustomerPortal(user.id);
    // In test mode the portal is this very page: there is no card to manage, say so instead.
    const here = new URL(portal.url, window.location.origin);
    if (portal.testMode && here.origin === window.location.origin && here.pathname === window.location.pathname) setPortalNote(true);
    else window.location.assign(portal.url);
  });

  const disabled = busy !== null;

  return (
    <>
      {[...view.alerts.map((alert) => ({ code: alert.code, text: t(`billing.alerts.${alert.code}`) })),
        ...(actionError ? [{ code: 'unexpectedError', text: actionError }] : [])].map((alert) => (
        <p key={alert.code} className={`subscription-alert subscription-alert-${alert.code}`} role="alert" data-testid="subscription-alert" data-code={alert.code}>
          {alert.text}
          {alert.code === 'manualSubscription' && <> <Link to="/manual_subscription">{t('subscription.manualMore')}</Link></>}
        </p>
      ))}

      {management === 'member' && (
        <p className="subscription-notice" role="note" data-testid="subscription-member-notice">
          {t('subscription.memberNotice', { owner: ownerName })}
        </p>
      )}

      <section className="profile-section subscription-card" aria-labelledby="subscription-plan-title" data-testid="subscription-details">
        <div className="subscription-card-head">
          <h2 id="subscription-plan-title" data-testid="subscription-plan" data-plan={view.product}>{t('subscription.planTitle', { plan })}</h2>
          <span className="subscription-badges" data-testid="subscription-badges">
            {view.badges.filter((badge) => badge.badge === 'current').map((badge) => (
              <span key={badge.badge} className="badge badge-accent" data-badge="current">{t('billing.badges.current')}</span>
            ))}
            {view.status === 'past_due' && <span className="badge badge-warning" data-badge="pastDue">{t('subscription.status.pastDue')}</span>}
            {view.cancelAtPeriodEnd && <span className="badge badge-warning" data-badge="cancelling">{t('subscription.status.cancelling')}</span>}
            {view.manual && <span className="badge" data-badge="manual">{t('subscription.status.manual')}</span>}
          </span>
        </div>

        <dl className="profile-facts subscription-facts">
          <div className="profile-fact">
            <dt>{t('subscription.period')}</dt>
            <dd data-testid="subscription-period" data-period={view.period}>{t(`billing.periods.${view.period}`)}</dd>
          </div>
          <div className="profile-fact">
            <dt>{t('subscription.price')}</dt>
            <dd data-testid="subscription-price">
              {view.price ? (
                <>
                  <strong>{t('subscription.priceExcludingTax', { amount: money(view.price.excludingTax), per: per(view.period) })}</strong>
                  <span className="subscription-fact-detail muted">
                    {t('subscription.priceIncludingTax', { amount: money(view.price.includingTax), rate: t(`billing.taxReasons.${view.tax.reason}`) })}
                  </span>
                </>
              ) : t('subscription.manualPrice')}
            </dd>
          </div>
          <div className="profile-fact">
            <dt>{t('subscription.renewal')}</dt>
            <dd data-testid="subscription-term" data-kind={term.kind}>
              {term.kind === 'renews' && t('subscription.renews', { date: formatDate(term.date) })}
              {term.kind === 'ends' && t('subscription.ends', { date: formatDate(term.date) })}
              {term.kind === 'ended' && (term.date ? t('subscription.endedOn', { date: formatDate(term.date) }) : '')}
              {term.kind === 'noEnd' && t('subscription.noEnd')}
            </dd>
          </div>
          <div className="profile-fact">
            <dt>{t('subscription.owner')}</dt>
            <dd data-testid="subscription-owner">
              {view.owner.id === user.id ? t('subscription.ownerYou', { name: ownerName }) : ownerName}
              {ownerName !== view.owner.email && <span className="subscription-fact-detail muted">{view.owner.email}</span>}
            </dd>
          </div>
          <div className="profile-fact">
            <dt>{t('subscription.users')}</dt>
            <dd data-testid="subscription-licences">
              {t('subscription.licences', { count: view.licences, used: view.usedLicences })}
              {view.price && isPaidPlan(view.product) && (
                <span className="subscription-fact-detail muted">
                  {t('subscription.additionalUser', { amount: money(additionalUserPrice(view.product, view.period, view.currency)), per: per(view.period) })}
                </span>
              )}
            </dd>
          </div>
          <div className="profile-fact">
            <dt>{t('subscription.pins')}</dt>
            <dd data-testid="subscription-pins">
              {t('subscription.pinsCount', { pins: new Intl.NumberFormat(locale).format(view.pins) })}
              {view.pinPacks > 0 && <> {t('subscription.pinPacks', { count: view.pinPacks, size: new Intl.NumberFormat(locale).format(PIN_PACK_SIZE) })}</>}
              {view.price && (
                <span className="subscription-fact-detail muted">
                  {t('subscription.pinPackPrice', {
                    size: new Intl.NumberFormat(locale).format(PIN_PACK_SIZE), amount: money(pinPackPrice(view.period, view.currency)), per: per(view.period),
                  })}
                </span>
              )}
              {owner && mayChange && (
                <Link className="subscription-fact-detail" to={`/payment/${view.product}?period=${view.period}`} data-testid="subscription-change-quantities">
                  {t('subscription.changeQuantities')}
                </Link>
              )}
            </dd>
          </div>
        </dl>

        {view.pending && (
          <ChangeNotice testId="subscription-pending" plan={view.pending.product}
            title={<><span className="badge badge-warning">{t('billing.badges.pending')}</span>{' '}
              {t('subscription.pending.title', { plan: t(`plans.${view.pending.product}`), period: billed(view.pending.period) })}</>}
            text={t('subscription.pending.text')}
            actions={owner && (
              <>
                {view.pending.checkoutUrl && (
                  <button type="button" className="button button-primary button-small" disabled={disabled} data-testid="subscription-pending-continue"
                    onClick={() => goToCheckout(view.pending!.checkoutUrl!)}>
                    {t('subscription.pending.continue')}
                  </button>
                )}
                {mayChange && <KeepButton busy={busy} onClick={() => void keepCurrent()} />}
              </>
            )}
          />
        )}

        {view.next && (
          <ChangeNotice testId="subscription-next" plan={view.next.product}
            title={<><span className="badge">{t('billing.badges.next')}</span>{' '}
              {periodEnd
                ? t('subscription.next.title', { date: formatDate(periodEnd), plan: t(`plans.${view.next.product}`), period: billed(view.next.period) })
                : t('subscription.next.titleNoDate', { plan: t(`plans.${view.next.product}`), period: billed(view.next.period) })}</>}
            text={t('subscription.next.text')}
            actions={owner && mayChange && <KeepButton busy={busy} onClick={() => void keepCurrent()} />}
          />
        )}

        {view.cancelAtPeriodEnd && view.expiry && (
          <ChangeNotice testId="subscription-cancelled" className="subscription-cancelled"
            title={t('subscription.cancelled.title', { date: formatDate(view.expiry) })}
            text={t('subscription.cancelled.text')}
            actions={may('reactivate') && (
              <button type="button" className="button button-primary" disabled={disabled} data-testid="subscription-reactivate"
                onClick={() => setDialog('reactivate')}>
                {t('subscription.reactivate')}
              </button>
            )}
          />
        )}

        {owner && !view.manual && (
          <div className="subscription-actions subscription-main-actions">
            {may('payNow') && (
              <button type="button" className="button button-primary" disabled={disabled} aria-busy={busy === 'pay' || undefined}
                data-testid="subscription-pay-now" onClick={() => void payNow()}>
                {busy === 'pay' ? t('subscription.paying')
                  : view.openInvoice ? t('subscription.payNowAmount', { amount: formatMoney(view.openInvoice.total, view.openInvoice.currency, locale) })
                    : t('subscription.payNow')}
              </button>
            )}
            {mayChange && (
              <>
                <button type="button" className="button button-primary" disabled={disabled} data-testid="subscription-change-plan"
                  onClick={() => openPlans({ plan: null })}>
                  {t('subscription.changePlan')}
                </button>
                <button type="button" className="button" disabled={disabled} data-testid="subscription-switch-period"
                  onClick={() => paidPlan && openPlans({ change: { product: paidPlan, period: otherPeriod(view.period) } })}>
                  {t(`subscription.switchPeriod.${otherPeriod(view.period)}`)}
                </button>
              </>
            )}
            <button type="button" className="button" disabled={disabled} aria-busy={busy === 'portal' || undefined}
              data-testid="subscription-portal" onClick={() => void managePayment()}>
              {busy === 'portal' ? t('subscription.openingPortal') : t('subscription.managePayment')}
            </button>
            {may('unsubscribe') && (
              <button type="button" className="button button-danger-ghost subscription-cancel" disabled={disabled} data-testid="subscription-cancel"
                onClick={() => setDialog('cancel')}>
                {t('subscription.cancel')}
              </button>
            )}
          </div>
        )}
        {portalNote && <p className="subscription-notice" role="status" data-testid="subscription-portal-test-mode">{t('subscription.portalTestMode')}</p>}
      </section>

      {owner && periodEnd && (
        <>
          <CancelSubscriptionDialog open={dialog === 'cancel'} clientId={user.id} subscription={view} endsOn={formatDate(periodEnd)}
            onClose={() => setDialog(null)}
            onCancelled={(cancelled) => {
              setDialog(null);
              void refresh(cancelled);
              announce({ message: t('subscription.cancelDialog.done', { date: formatDate(cancelled.expiry ?? periodEnd) }), tone: 'success', testId: 'subscription-cancelled-toast' });
            }} />
          <ReactivateSubscriptionDialog open={dialog === 'reactivate'} clientId={user.id} subscription={view} renewsOn={formatDate(periodEnd)}
            price={view.price ? money(view.price.excludingTax) : ''}
            onClose={() => setDialog(null)}
            onReactivated={(reactivated) => {
              setDialog(null);
              void refresh(reactivated);
              announce({ message: t('subscription.reactivated', { date: formatDate(reactivated.nextRenewal ?? periodEnd) }), tone: 'success', testId: 'subscription-reactivated-toast' });
            }} />
        </>
      )}
    </>
  );
}

function KeepButton({ busy, onClick }: { busy: Busy; onClick(): void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="button button-small" disabled={busy !== null} aria-busy={busy === 'keep' || undefined}
      data-testid="subscription-keep-current" onClick={onClick}>
      {busy === 'keep' ? t('subscription.keeping') : t('subscription.keepCurrent')}
    </button>
  );
}

interface ChangeNoticeProps {
  testId: string;
  /** The plan the change is to, for tests. */
  plan?: string;
  className?: string;
  title: ReactNode;
  text: string;
  /** Buttons the user may press; nothing when they may not act. */
  actions: ReactNode;
}

/** A change of the subscription to come (a payment pending, the next period's plan, an end). */
function ChangeNotice({ testId, plan, className, title, text, actions }: ChangeNoticeProps) {
  return (
    <div className={`subscription-change${className ? ` ${className}` : ''}`} data-testid={testId} data-plan={plan}>
      <p className="subscription-change-title">{title}</p>
      <p className="muted">{text}</p>
      {actions ? <div className="subscription-actions">{actions}</div> : null}
    </div>
  );
}
