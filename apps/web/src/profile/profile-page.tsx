/**
 * /profile: the account (e-mail and its change, plan, member since), every detail of the User
 * (SPEC §3) in one form, the password change, and logging out here or everywhere.
 */
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../app/page-title.js';
import { useLocale } from '../i18n/index.js';
import { EmailNotVerifiedBanner } from '../auth/verification-notice.js';
import { EmailChange } from './email-change.js';
import { PasswordChange } from './password-change.js';
import { ProfileDetailsForm } from './profile-details-form.js';
import { useProfileUser } from './profile-layout.js';
import { SessionsSection } from './sessions-section.js';

export function ProfilePage() {
  const { t } = useTranslation();
  usePageTitle('titles.profile');
  const locale = useLocale();
  const user = useProfileUser();
  const memberSince = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(user.date));

  return (
    <main className="profile-page" data-testid="profile-page" aria-labelledby="profile-title">
      <header className="profile-page-header">
        <h1 id="profile-title">{t('profile.title')}</h1>
        <p className="muted">{t('profile.intro')}</p>
      </header>
      {!user.emailVerified && <EmailNotVerifiedBanner email={user.email} />}

      <section className="profile-section" aria-labelledby="account-title">
        <h2 id="account-title">{t('profile.account')}</h2>
        <EmailChange user={user} />
        <dl className="profile-facts">
          <div className="profile-fact">
            <dt>{t('profile.plan')}</dt>
            <dd data-testid="profile-plan">{t(`profile.plans.${user.product}`, { defaultValue: user.product })}</dd>
          </div>
          <div className="profile-fact">
            <dt>{t('profile.memberSince')}</dt>
            <dd>{memberSince}</dd>
          </div>
        </dl>
      </section>

      <ProfileDetailsForm user={user} />
      <PasswordChange user={user} />
      <SessionsSection />
    </main>
  );
}
