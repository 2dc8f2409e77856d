/**
 * For a map the user cannot edit (SPEC §6): the banner "Read-only map" with "Create my map" and
 * "Stay on this map"; once dismissed, a small "Read only" label with its explanation remains.
 * "Create my map" copies the map, areas and all, into the user's account and opens the copy; a
 * visitor is asked to sign up or log in first, and comes back to this map after.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client.js';
import { cloneMap } from '../api/maps.js';
import { queryKeys } from '../api/query-keys.js';
import { SignupPopup } from '../auth/signup-popup.js';
import { useSession } from '../auth/use-session.js';
import { LockIcon } from '../plans/plan-lock.js';
import { useToasts } from './toasts.js';

export function ReadOnlyBanner({ mapId }: { mapId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const { status } = useSession();
  const [dismissed, setDismissed] = useState(false);
  const [askAccount, setAskAccount] = useState(false);
  const copy = useMutation({
    mutationFn: () => cloneMap(mapId),
    onSuccess: (map) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.mapsLists });
      toasts.show({ message: t('share.copy.copied'), tone: 'success', testId: 'map-copied-toast' });
      navigate(`/map/${map.accessId}`);
    },
    onError: (error) => { if (error instanceof ApiError) toasts.show({ message: error.message, tone: 'error' }); },
  });

  if (dismissed) {
    return (
      <div className="read-only-label" title={t('map.readOnlyTooltip')} data-testid="read-only-label">
        <LockIcon size={13} /> {t('map.readOnlyLabel')}
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
        <button type="button" className="button button-primary" disabled={copy.isPending || status === 'unknown'} data-testid="read-only-create"
          onClick={() => (status === 'loggedIn' ? copy.mutate() : setAskAccount(true))}>
          {copy.isPending ? t('share.copy.copying') : t('map.createMyMap')}
        </button>
        <button type="button" className="button" onClick={() => setDismissed(true)} data-testid="read-only-stay">
          {t('map.stayOnMap')}
        </button>
      </div>
      <SignupPopup open={askAccount} title={t('map.createMyMap')} text={t('share.copy.accountText')} onClose={() => setAskAccount(false)} />
    </div>
  );
}
