/**
 * "A new version is available" (SPEC §4, §7): the served build is read every VERSION_CHECK_MS, and
 * again whenever the user comes back to the tab; once it differs from the running one, a notice
 * that cannot be closed asks to reload, since the running app may no longer match the server.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VERSION_CHECK_MS } from '@catchment/domain';
import { newerBuildServed, runningBuild } from './build-version.js';

const VERSION_FILE = `${import.meta.env.BASE_URL}version.json`;

function useNewerBuild(): boolean {
  const [newer, setNewer] = useState(false);
  useEffect(() => {
    const running = runningBuild();
    if (!running || newer) return;
    let stopped = false;
    const check = async () => {
      try {
        const response = await fetch(VERSION_FILE, { cache: 'no-store' });
        if (!response.ok) return;
        if (newerBuildServed(running, await response.json()) && !stopped) setNewer(true);
      } catch {
        // Offline or a server restarting: asked again at the next check.
      }
    };
    const onReturn = () => { if (document.visibilityState === 'visible') void check(); };
    const timer = window.setInterval(() => void check(), VERSION_CHECK_MS);
    document.addEventListener('visibilitychange', onReturn);
    window.addEventListener('focus', onReturn);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onReturn);
      window.removeEventListener('focus', onReturn);
    };
  }, [newer]);
  return newer;
}

export function NewVersionNotice() {
  const { t } = useTranslation();
  if (!useNewerBuild()) return null;
  return (
    <div className="banner new-version-notice" role="alert" data-testid="new-version-notice">
      <div className="banner-text">
        <strong>{t('newVersion.title')}</strong>
        <span>{t('newVersion.text')}</span>
      </div>
      <div className="banner-actions">
        <button type="button" className="button button-primary" onClick={() => window.location.reload()} data-testid="new-version-reload">
          {t('newVersion.reload')}
        </button>
      </div>
    </div>
  );
}
