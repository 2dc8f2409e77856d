/** What the embedded view shows instead of a map: a private or unknown map, or a failure. */
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.js';
import { OpenInAppLink } from './open-in-app-link.js';

export function EmbeddedMapMessage({ accessId, error }: { accessId: string; error: unknown }) {
  const { t } = useTranslation();
  // Private maps are, to a reader without a session, maps that do not exist (404).
  const unavailable = error === 'private' || (error instanceof ApiError && (error.status === 404 || error.status === 403));
  return (
    <div className="embedded-message" role="alert" data-testid="embedded-message">
      <h1>{unavailable ? t('embed.privateTitle') : t('map.errorTitle')}</h1>
      <p>{unavailable ? t('embed.privateText', { app: t('app.name') }) : error instanceof ApiError ? error.message : t('map.unknownError')}</p>
      <OpenInAppLink accessId={accessId} />
    </div>
  );
}
