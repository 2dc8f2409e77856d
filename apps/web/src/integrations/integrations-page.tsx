/**
 * /profile/integrations (SPEC §2): what connects the account to other tools, one section each.
 * The app keys, with which a partner's site or script calls the business counts and suggestions
 * on the account's behalf, and the CRM connection (HubSpot), whose lists become datasets.
 */
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../app/page-title.js';
import { useProfileUser } from '../profile/profile-layout.js';
import { AppKeysSection } from './app-keys-section.js';
import { CrmSection } from './crm-section.js';
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
      <CrmSection />
      <AppKeysSection clientId={user.id} />
    </main>
  );
}
