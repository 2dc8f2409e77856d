import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../app/page-title.js';
import { useLocale } from '../i18n/index.js';
import { sessionEndedByLogout, useLogout, useSession } from './use-session.js';
import { loginPath } from '../api/session-expiry.js';

export function ProfilePage() {
  const { t } = useTranslation();
  usePageTitle('titles.profile');
  const locale = useLocale();
  const logout = useLogout();
  const { status, user } = useSession();

  if (status === 'unknown') return <main className="centered-page"><p className="muted">{t('app.loading')}</p></main>;
  if (!user) return <Navigate to={sessionEndedByLogout() ? '/' : loginPath('/profile')} replace />;

  const notSet = <span className="muted">{t('profile.notSet')}</span>;
  const memberSince = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(user.date));
  const fields: Array<[string, ReactNode]> = [
    [t('auth.firstName'), user.firstName],
    [t('auth.lastName'), user.lastName],
    [t('auth.email'), user.email],
    [t('auth.company'), user.company || notSet],
    [t('profile.companySector'), user.companySector || notSet],
    [t('profile.phone'), user.phone || notSet],
    [t('profile.country'), user.country || notSet],
    [t('profile.plan'), t(`profile.plans.${user.product}`, { defaultValue: user.product })],
    [t('profile.memberSince'), memberSince],
  ];

  return (
    <main className="centered-page">
      <section className="card profile-card" aria-labelledby="profile-title" data-testid="profile-page">
        <h1 id="profile-title">{t('profile.title')}</h1>
        <p className="muted">{t('profile.intro')}</p>
        <dl className="profile-fields">
          {fields.map(([label, value]) => (
            <div key={label} className="profile-field">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <div className="card-actions">
          <button type="button" className="button" data-testid="profile-logout-button"
            onClick={async () => { await logout(); }}>
            {t('header.logout')}
          </button>
        </div>
      </section>
    </main>
  );
}
