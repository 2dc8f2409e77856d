/** Logging out of this browser, or of every device at once (after a confirmation: it cannot be undone). */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { logoutEverywhere } from '../api/account.js';
import { ApiError } from '../api/client.js';
import { cancelSessionExpiry } from '../api/session-expiry.js';
import { useForgetSession, useLogout } from '../auth/use-session.js';

export function SessionsSection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const forgetSession = useForgetSession();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const everywhere = async () => {
    setPending(true);
    setMessage(null);
    try {
      await logoutEverywhere();
      cancelSessionExpiry();
      // The profile, left without a user, goes to the same page (profile-layout.tsx).
      forgetSession({ everywhere: true });
      await navigate('/login', { replace: true, state: { notice: 'loggedOutEverywhere' } });
    } catch (error) {
      setPending(false);
      setMessage(error instanceof ApiError ? error.message : t('map.unknownError'));
    }
  };

  return (
    <section className="profile-section" aria-labelledby="sessions-title" data-testid="sessions-section">
      <h2 id="sessions-title">{t('profile.sessions.title')}</h2>
      <p className="muted">{t('profile.sessions.intro')}</p>
      {message && <p className="form-error" role="alert">{message}</p>}
      {confirming ? (
        <div className="inline-panel inline-panel-danger" role="group" aria-labelledby="everywhere-question">
          <p id="everywhere-question">{t('profile.sessions.confirm')}</p>
          <div className="inline-panel-actions">
            <button type="button" className="button button-danger" autoFocus disabled={pending} data-testid="logout-everywhere-confirm" onClick={everywhere}>
              {t('profile.sessions.everywhere')}
            </button>
            <button type="button" className="button" onClick={() => setConfirming(false)}>{t('app.cancel')}</button>
          </div>
        </div>
      ) : (
        <div className="inline-panel-actions">
          <button type="button" className="button" data-testid="profile-logout-button" onClick={async () => { await logout(); }}>
            {t('header.logout')}
          </button>
          <button type="button" className="button button-danger-ghost" data-testid="logout-everywhere-button" onClick={() => setConfirming(true)}>
            {t('profile.sessions.everywhere')}
          </button>
        </div>
      )}
    </section>
  );
}
