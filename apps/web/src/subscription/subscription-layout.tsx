/**
 * /profile/subscription and its child pages (SPEC §2): the page's title and a row of tabs
 * (subscription-sections.ts) above the child page chosen; the details page is the default. Child
 * pages read the logged-in user with useProfileUser(), as the profile's pages do, and set their
 * own page title. On a phone the row scrolls sideways, brought to the current tab on each change.
 */
import { useRef } from 'react';
import { NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentTabInView } from '../app/use-current-tab-in-view.js';
import { useProfileUser } from '../profile/profile-layout.js';
import { SUBSCRIPTION_SECTIONS } from './subscription-sections.js';
import './subscription.css';

export function SubscriptionLayout() {
  const { t } = useTranslation();
  const user = useProfileUser();
  const tabs = useRef<HTMLUListElement>(null);
  useCurrentTabInView(tabs, '.subscription-tab.active');

  return (
    <div className="profile-page subscription-layout" data-testid="subscription-layout">
      <header className="profile-page-header">
        <h1 id="subscription-title">{t('titles.subscription')}</h1>
      </header>
      <nav className="subscription-tabs" aria-label={t('subscription.tabs.label')} data-testid="subscription-tabs">
        <ul ref={tabs}>
          {SUBSCRIPTION_SECTIONS.map((section) => (
            <li key={section.path}>
              <NavLink to={section.path} end={section.end} className="subscription-tab" data-testid={section.testId}>
                {t(section.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet context={user} />
    </div>
  );
}
