/**
 * /profile/integrations (SPEC §2): what connects the account to other tools, one section each.
 * For now the app keys, with which a partner's site or script calls the business counts and
 * suggestions on the account's behalf; the CRM connections (HubSpot) will join them here.
 */
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../app/page-title.js';
import { useProfileUser } from '../profile/profile-layout.js';
import { AppKeysSection } from './app-keys-section.js';
import './integrations.css';

export function IntegrationsPage() {
  const { t } = useTranslation();
  usePageTitle('titles.integrations');
  const user = useProfileUser();

  return (
    <main className="profile-page integrations-page" data-testid="integrations-page" aria-labelledby="integrations-title">
      <header className="profile-page-header">
        <h1 id="integrations-title">{t('titles.integrations')}</h1>
        <p className="muted">{t('integrations.intro')}</p>
      </header>
      <AppKeysSection clientId={user.id} />
    </main>
  );
}
