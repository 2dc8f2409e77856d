/**
 * The phone header's one menu (SPEC §2's header controls in a row that fits 320 px): My maps, the
 * language, the distance unit, then the plan comparison, the profile, My downloads (the count of
 * files ready to download on it and on the menu's button) and logout (the plan's name
 * under the user's), or login for a visitor. A disclosure, not an ARIA menu, because it holds a
 * select and a toggle: Tab walks through it, Escape and a press outside close it.
 */
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { User } from '@catchment/domain';
import { useLogout } from '../auth/use-session.js';
import { DownloadsBadge } from '../downloads/downloads-badge.js';
import { useDownloads } from '../downloads/use-downloads.js';
import { PlanName, PlansMenuItem } from '../plans/plan-menu.js';
import { LocaleSwitch } from './locale-switch.js';
import { UnitSwitch } from './unit-switch.js';
import { useDismiss } from './use-dismiss.js';
import { initials } from './user-menu.js';

interface HeaderMenuProps {
  /** The logged-in user; null for a visitor or while the session is not known yet. */
  user: User | null;
  /** A visitor is offered to log in. */
  visitor: boolean;
  /** Where login should bring the user back to (the login link's query). */
  returnQuery: string;
  onOpenMyMaps(): void;
}

export function HeaderMenu({ user, visitor, returnQuery, onOpenMyMaps }: HeaderMenuProps) {
  const { t } = useTranslation();
  const logout = useLogout();
  const { notDownloaded } = useDownloads();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useDismiss(open, () => setOpen(false), root, button);

  return (
    <div className="header-menu" ref={root}>
      <button ref={button} type="button" className="header-menu-button" data-testid="header-menu-button"
        aria-expanded={open} aria-controls={panelId} aria-label={t('header.menu')} title={t('header.menu')} onClick={() => setOpen(!open)}>
        {user ? <span className="avatar" aria-hidden="true">{initials(user)}</span> : <MenuIcon />}
        {user && <DownloadsBadge count={notDownloaded} testId="downloads-badge" />}
      </button>
      {open && (
        <div className="menu header-menu-panel" id={panelId} data-testid="header-menu">
          {user && (
            <div className="menu-header">
              <strong>{user.firstName} {user.lastName}</strong>
              <span className="muted">{user.email}</span>
              <PlanName user={user} />
            </div>
          )}
          <button type="button" className="menu-item" data-testid="my-maps-button" onClick={() => { setOpen(false); onOpenMyMaps(); }}>
            {t('header.myMaps')}
          </button>
          <div className="header-menu-setting">
            <span aria-hidden="true">{t('header.language')}</span>
            <LocaleSwitch />
          </div>
          <div className="header-menu-setting">
            <span aria-hidden="true">{t('header.distanceUnit')}</span>
            <UnitSwitch />
          </div>
          <div className="header-menu-end">
            {user ? (
              <>
                <PlansMenuItem user={user} onChosen={() => setOpen(false)} />
                <Link className="menu-item" to="/profile" data-testid="profile-link" onClick={() => setOpen(false)}>{t('header.profile')}</Link>
                <Link className="menu-item" to="/profile/downloads" data-testid="downloads-link" onClick={() => setOpen(false)}>
                  {t('header.downloads')}
                  <DownloadsBadge count={notDownloaded} testId="downloads-link-badge" />
                </Link>
                <button type="button" className="menu-item" data-testid="logout-button" onClick={async () => { setOpen(false); await logout(); }}>
                  {t('header.logout')}
                </button>
              </>
            ) : visitor && (
              <Link className="menu-item" to={`/login${returnQuery}`} data-testid="login-link" onClick={() => setOpen(false)}>{t('header.login')}</Link>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path d="M4 6h16M4 12h16M4 18h16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
