/**
 * The page header. Wide screens: the brand, My maps, the unit and language switches and the
 * account menu (or login and signup). Phones: one row that fits 320 px — the brand mark, the page's
 * own slot (the map's title and save status), Sign up for a visitor, and one menu with the rest.
 */
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/use-session.js';
import { HeaderMenu } from './header-menu.js';
import { LocaleSwitch } from './locale-switch.js';
import { usePhoneLayout } from './screen-size.js';
import { UnitSwitch } from './unit-switch.js';
import { UserMenu } from './user-menu.js';

interface HeaderProps {
  onOpenMyMaps(): void;
  /** Receives the element pages may fill (see header-slot.tsx); null while the header has none. */
  slotRef(element: HTMLElement | null): void;
}

export function Header({ onOpenMyMaps, slotRef }: HeaderProps) {
  const { t } = useTranslation();
  const { status, user } = useSession();
  const location = useLocation();
  const phone = usePhoneLayout();
  const here = location.pathname + location.search;
  const returnQuery = here === '/' || here.startsWith('/login') || here.startsWith('/signup') ? '' : `?redirect=${encodeURIComponent(here)}`;
  const signupLink = <Link className="button button-primary" to={`/signup${returnQuery}`} data-testid="signup-link">{t('header.signup')}</Link>;

  return (
    <header className="app-header">
      <Link to="/" className="brand" aria-label={t('app.name')}>
        <svg className="brand-mark" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" strokeDasharray="3 2.2" />
          <circle cx="12" cy="12" r="3.2" fill="currentColor" />
        </svg>
        <span className="brand-name">{t('app.name')}</span>
      </Link>
      {phone ? (
        <>
          <div className="header-slot" ref={slotRef} />
          <div className="header-tools">
            {status === 'visitor' && signupLink}
            <HeaderMenu user={status === 'loggedIn' ? user ?? null : null} visitor={status === 'visitor'} returnQuery={returnQuery} onOpenMyMaps={onOpenMyMaps} />
          </div>
        </>
      ) : (
        <>
          <nav className="header-nav" aria-label={t('header.mainNavigation')}>
            <button type="button" className="button button-ghost" data-testid="my-maps-button" title={t('header.myMaps')} onClick={onOpenMyMaps}>
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <path d="M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2Zm0 2.2 6 2v11.6l-6-2V6.2Z" fill="currentColor" />
              </svg>
              {/* Only the icon shows on tablets (small-screens.css); the text still names the button. */}
              <span className="header-nav-label">{t('header.myMaps')}</span>
            </button>
          </nav>
          <div className="header-tools">
            <UnitSwitch />
            <LocaleSwitch />
            {status === 'loggedIn' && user && <UserMenu user={user} />}
            {status === 'visitor' && (
              <>
                <Link className="button button-ghost" to={`/login${returnQuery}`} data-testid="login-link">{t('header.login')}</Link>
                {signupLink}
              </>
            )}
          </div>
        </>
      )}
    </header>
  );
}
