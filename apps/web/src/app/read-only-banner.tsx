/**
 * For a map the user cannot edit (SPEC §6): the banner "Read-only map" with "Create my map" and
 * "Stay on this map"; once dismissed, a small "Read only" label with its explanation remains.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../api/client.js';
import { createMap } from '../api/maps.js';
import { useSession } from '../auth/use-session.js';
import { useToasts } from './toasts.js';

export function ReadOnlyBanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toasts = useToasts();
  const { status } = useSession();
  const [dismissed, setDismissed] = useState(false);
  const create = useMutation({
    mutationFn: () => createMap(),
    onSuccess: (map) => navigate(`/map/${map.accessId}`),
    onError: (error) => { if (error instanceof ApiError) toasts.show({ message: error.message, tone: 'error' }); },
  });

  if (dismissed) {
    return (
      <div className="read-only-label" title={t('map.readOnlyTooltip')} data-testid="read-only-label">
        <span aria-hidden="true">🔒</span> {t('map.readOnlyLabel')}
        <span className="visually-hidden">{t('map.readOnlyTooltip')}</span>
      </div>
    );
  }
  return (
    <div className="banner" role="region" aria-label={t('map.readOnlyBanner')} data-testid="read-only-banner">
      <div className="banner-text">
        <strong>{t('map.readOnlyBanner')}</strong>
        <span>{t('map.readOnlyTooltip')}</span>
      </div>
      <div className="banner-actions">
        <button type="button" className="button button-primary" disabled={create.isPending} data-testid="read-only-create"
          onClick={() => (status === 'loggedIn' ? create.mutate() : navigate('/'))}>
          {t('map.createMyMap')}
        </button>
        <button type="button" className="button" onClick={() => setDismissed(true)} data-testid="read-only-stay">
          {t('map.stayOnMap')}
        </button>
      </div>
    </div>
  );
}
