/**
 * /profile/organization: how the account's organisation appears on its market-study reports (SPEC
 * §7 organization/configuration): the logo, then the name, colours, contact line and website. The
 * users of a subscription see its owner's, which only the owner changes.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrganizationConfiguration } from '@catchment/domain';
import { getOrganization } from '../api/organization.js';
import { usePageTitle } from '../app/page-title.js';
import { useSession } from '../auth/use-session.js';
import { LogoPicker } from './logo-picker.js';
import { OrganizationDetailsForm } from './organization-form.js';
import './organization.css';

export const organizationQueryKey = (clientId: number) => ['organization', clientId] as const;

export function OrganizationPage() {
  const { t } = useTranslation();
  usePageTitle('titles.organization');
  const { user } = useSession();
  const queryClient = useQueryClient();
  const clientId = user?.id ?? 0;
  const configuration = useQuery({
    queryKey: organizationQueryKey(clientId),
    queryFn: ({ signal }) => getOrganization(clientId, signal),
    enabled: !!user,
  });
  // The profile layout shows this page to a logged-in user only.
  if (!user) return null;
  const saved = (updated: OrganizationConfiguration) => queryClient.setQueryData(organizationQueryKey(clientId), updated);

  return (
    <main className="profile-page" data-testid="organization-page" aria-labelledby="organization-title">
      <header className="profile-page-header">
        <h1 id="organization-title">{t('titles.organization')}</h1>
        <p className="muted">{t('organization.intro')}</p>
      </header>
      {configuration.isPending && <p className="muted">{t('app.loading')}</p>}
      {configuration.isError && (
        <div className="form-error" role="alert">
          <p>{t('organization.loadError')}</p>
          <button type="button" className="button button-small" onClick={() => void configuration.refetch()}>{t('app.retry')}</button>
        </div>
      )}
      {configuration.data && (
        <>
          {!configuration.data.editable && <p className="account-notice organization-shared" role="note" data-testid="organization-shared">{t('organization.shared')}</p>}
          <LogoPicker clientId={clientId} configuration={configuration.data} onSaved={saved} />
          <OrganizationDetailsForm clientId={clientId} configuration={configuration.data} onSaved={saved} />
        </>
      )}
    </main>
  );
}
