/**
 * /profile and its child pages (SPEC §2): a side navigation (profile-sections.ts) beside the page
 * chosen, for a logged-in user only; on phones the navigation is a row of tabs above the page.
 */
import { useRef } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useOutletContext } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { User } from '@catchment/domain';
import { loginPath } from '../api/session-expiry.js';
import { useCurrentTabInView } from '../app/use-current-tab-in-view.js';
import { sessionEndedByLogout, sessionEndedEverywhere, useSession } from '../auth/use-session.js';
import { PROFILE_SECTIONS } from './profile-sections.js';
import '../auth/account.css';
import './profile.css';

export function ProfileLayout() {
  const { t } = useTranslation();
  const { status, user } = useSession();
  const location = useLocation();

  if (status === 'unknown') return <main className="centered-page"><p className="muted">{t('app.loading')}</p></main>;
  if (!user) {
    // Logged out here: the map; everywhere: the login page, which says so; else (expired): log in and come back.
    if (sessionEndedEverywhere()) return <Navigate to="/login" state={{ notice: 'loggedOutEverywhere' }} replace />;
    return <Navigate to={sessionEndedByLogout() ? '/' : loginPath(location.pathname + location.search)} replace />;
  }

  return (
    <div className="profile-layout">
      <ProfileNav />
      <div className="profile-content">
        <Outlet context={user} />
      </div>
    </div>
  );
}

/** The entries of the profile area; on phones a row of tabs, which may be wider than the screen. */
function ProfileNav() {
  const { t } = useTranslation();
  const entries = useRef<HTMLUListElement>(null);
  useCurrentTabInView(entries, '.profile-nav-link.active');
  return (
    <nav className="profile-nav" aria-label={t('profileNav.label')} data-testid="profile-nav">
      <ul ref={entries}>
        {PROFILE_SECTIONS.map((section) => (
          <li key={section.path}>
            <NavLink to={section.path} end={section.end} className="profile-nav-link" data-testid={section.testId}>
              {t(section.labelKey)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The logged-in user, for the profile's child pages (the layout renders them only for one). */
export function useProfileUser(): User {
  return useOutletContext<User>();
}
