/** Full-map overlays for a map being loaded or that cannot be shown (SPEC §8: not found, forbidden, unknown). */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.js';

export function MapLoading() {
  const { t } = useTranslation();
  return (
    <div className="map-overlay" role="status" data-testid="map-loading">
      <div className="spinner" aria-hidden="true" />
      <span>{t('map.loading')}</span>
    </div>
  );
}

export function MapError({ error, onRetry }: { error: unknown; onRetry?(): void }) {
  const { t } = useTranslation();
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 403);
  return (
    <div className="map-overlay map-overlay-opaque" role="alert" data-testid="map-error">
      <div className="card">
        <h1>{notFound ? t('map.notFoundTitle') : t('map.errorTitle')}</h1>
        <p>{notFound ? t('map.notFoundText') : error instanceof ApiError ? error.message : t('map.unknownError')}</p>
        <div className="card-actions">
          <Link className="button button-primary" to="/" data-testid="map-error-home">{t('app.goHome')}</Link>
          {!notFound && onRetry && <button type="button" className="button" onClick={onRetry}>{t('app.retry')}</button>}
        </div>
      </div>
    </div>
  );
}
