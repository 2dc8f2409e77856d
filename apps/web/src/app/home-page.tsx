/**
 * / — a visitor draws on a map kept in the browser; a logged-in user is taken to the map they used
 * last, or to a new map when they have none (or it was deleted).
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { User } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { fetchCurrentUser } from '../api/auth.js';
import { createMap, fetchAccessId } from '../api/maps.js';
import { useSession } from '../auth/use-session.js';
import { MapEditor } from './map-editor.js';
import { MapError, MapLoading } from './map-status.js';
import { usePageTitle } from './page-title.js';

async function mapToOpen(): Promise<string> {
  // Asked afresh: the cached session may predate the maps opened since.
  const user = await fetchCurrentUser();
  if (user && user.lastAccessedMapId !== null) {
    try {
      return (await fetchAccessId(user.lastAccessedMapId)).accessId;
    } catch (error) {
      if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 403)) throw error;
    }
  }
  return (await createMap()).accessId;
}

export function HomePage() {
  usePageTitle('titles.map');
  const { status, user } = useSession();
  if (status === 'unknown') return <MapLoading />;
  if (status === 'visitor') return <MapEditor document={null} onConflict={() => {}} banner={<VisitorNotice />} />;
  return <OpenUserMap user={user!} />;
}

function OpenUserMap({ user }: { user: User }) {
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>(null);
  const started = useRef<number | null>(null);
  useEffect(() => {
    // Once per user, even when React runs effects twice in development: a map must not be created twice.
    if (started.current === user.id) return;
    started.current = user.id;
    mapToOpen().then((accessId) => navigate(`/map/${accessId}`, { replace: true }), setError);
  }, [user, navigate]);
  return error ? <MapError error={error} /> : <MapLoading />;
}

function VisitorNotice() {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  return (
    <div className="banner banner-subtle" role="note" data-testid="visitor-notice">
      <span className="banner-text">{t('map.visitorNotice')}</span>
      <div className="banner-actions">
        <Link className="button button-primary button-small" to="/signup">{t('header.signup')}</Link>
        <button type="button" className="icon-button" aria-label={t('toasts.dismiss')} onClick={() => setDismissed(true)}>×</button>
      </div>
    </div>
  );
}
