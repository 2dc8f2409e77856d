/**
 * /manual_subscription (SPEC §2, not indexed; §6 "manual subscriptions are changed via support"):
 * what a manual subscription is, and its details read-only (plan, users, end). For a logged-in
 * user; a visitor logs in first and comes back.
 */
import { Link, Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginPath } from '../api/session-expiry.js';
import { useNoIndex, usePageTitle } from '../app/page-title.js';
import { useSession } from '../auth/use-session.js';
import { useLocale } from '../i18n/index.js';
import { subscriptionTerm } from './subscription-status.js';
import { useSubscription } from './use-subscription.js';
import '../profile/profile.css';
import './subscription.css';

export function ManualSubscriptionPage() {
  const { t } = useTranslation();
  usePageTitle('titles.manual');
  useNoIndex();
  const { status, user } = useSession();
  const location = useLocation();
  const locale = useLocale();
  const query = useSubscription(user?.id ?? null);

  if (status === 'visitor') return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  const view = query.data?.subscription;
  const manual = view?.manual && view.customer === 'customer' ? view : null;
  const formatDate = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(iso));
  const term = manual ? subscriptionTerm(manual) : null;

  return (
    <main className="manual-subscription-page profile-page" data-testid="manual-subscription-page" aria-labelledby="manual-title">
      <header className="profile-page-header">
        <h1 id="manual-title">{t('subscription.manual.title')}</h1>
      </header>
      <section className="profile-section">
        <p>{t('subscription.manual.intro')}</p>
      </section>
      {(status === 'unknown' || query.isPending) && <p className="muted">{t('app.loading')}</p>}
      {query.isError && (
        <div className="form-error" role="alert">
          <p>{t('billing.subscriptionPageError')}</p>
          <button type="button" className="button button-small" onClick={() => void query.refetch()}>{t('subscription.errorRetry')}</button>
        </div>
      )}
      {query.data && !manual && <p className="subscription-notice" role="note" data-testid="manual-subscription-none">{t('subscription.manual.noSubscription')}</p>}
      {manual && term && (
        <section className="profile-section" aria-labelledby="manual-details-title" data-testid="manual-subscription-details">
          <h2 id="manual-details-title">{t('subscription.manual.details')}</h2>
          <dl className="profile-facts">
            <div className="profile-fact">
              <dt>{t('profile.plan')}</dt>
              <dd data-testid="manual-subscription-plan">{t('subscription.planTitle', { plan: t(`plans.${manual.product}`) })}</dd>
            </div>
            <div className="profile-fact">
              <dt>{t('subscription.users')}</dt>
              <dd>{t('subscription.licences', { count: manual.licences, used: manual.usedLicences })}</dd>
            </div>
            <div className="profile-fact">
              <dt>{t('subscription.renewal')}</dt>
              <dd data-testid="manual-subscription-term">
                {term.kind === 'ends' || term.kind === 'renews' ? t('subscription.ends', { date: formatDate(term.date) }) : t('subscription.noEnd')}
              </dd>
            </div>
            <div className="profile-fact">
              <dt>{t('subscription.owner')}</dt>
              <dd>{`${manual.owner.firstName} ${manual.owner.lastName}`.trim() || manual.owner.email}</dd>
            </div>
          </dl>
          <p className="muted manual-subscription-support">{t('subscription.manualNotice')}</p>
        </section>
      )}
      <p><Link to="/profile/subscription" data-testid="manual-subscription-back">{t('subscription.manual.back')}</Link></p>
    </main>
  );
}
