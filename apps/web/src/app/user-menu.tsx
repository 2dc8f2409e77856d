import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { User } from '@catchment/domain';
import { useLogout } from '../auth/use-session.js';
import { DownloadsBadge } from '../downloads/downloads-badge.js';
import { useDownloads } from '../downloads/use-downloads.js';
import { PlanChip, PlanName, PlansMenuItem } from '../plans/plan-menu.js';
import { useDismiss } from './use-dismiss.js';

/** Two letters for the avatar: first and last name, else the e-mail's first letter. */
export function initials(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() || user.email.charAt(0).toUpperCase();
}

/**
 * The logged-in user's menu: the plan (and the plan comparison), profile, My downloads (with the count
 * of files ready to download, also on the menu's button) and logout. Closes on Escape, outside clicks
 * and after a choice.
 */
export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const { notDownloaded } = useDownloads();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useDismiss(open, () => setOpen(false), root, button);

  return (
    <div className="user-menu" ref={root}>
      <button ref={button} type="button" className="user-menu-button" data-testid="user-menu" aria-haspopup="menu"
        aria-expanded={open} aria-controls={menuId} aria-label={t('header.userMenu')} onClick={() => setOpen(!open)}>
        <span className="avatar" aria-hidden="true">{initials(user)}</span>
        <span className="user-menu-name">{user.firstName}</span>
        <PlanChip user={user} />
        <DownloadsBadge count={notDownloaded} testId="downloads-badge" />
      </button>
      {open && (
        <div className="menu" id={menuId} role="menu">
          <div className="menu-header">
            <strong>{user.firstName} {user.lastName}</strong>
            <span className="muted">{user.email}</span>
            <PlanName user={user} />
          </div>
          <PlansMenuItem role="menuitem" user={user} onChosen={() => setOpen(false)} />
          <Link role="menuitem" className="menu-item" to="/profile" data-testid="profile-link" onClick={() => setOpen(false)}>
            {t('header.profile')}
          </Link>
          <Link role="menuitem" className="menu-item" to="/profile/downloads" data-testid="downloads-link" onClick={() => setOpen(false)}>
            {t('header.downloads')}
            <DownloadsBadge count={notDownloaded} testId="downloads-link-badge" />
          </Link>
          <button role="menuitem" type="button" className="menu-item" data-testid="logout-button"
            onClick={async () => { setOpen(false); await logout(); }}>
            {t('header.logout')}
          </button>
        </div>
      )}
    </div>
  );
}
