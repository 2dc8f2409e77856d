/**
 * Who can open the map (SPEC §1): private (the owner and the members) or public (anyone with the
 * link reads it; the owner and the members still are the only ones who change it). The owner
 * chooses; the others are told which it is.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapDocument } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { useMapVisibility } from './use-map-visibility.js';

const VISIBILITIES = ['private', 'public'] as const;

export function VisibilityChoice({ map }: { map: Pick<MapDocument, 'id' | 'accessId' | 'public'> }) {
  const { t } = useTranslation();
  const id = useId();
  const change = useMapVisibility(map);
  // The choice being sent shows at once (in the click's own render); the map's own flag once the server answered.
  const [requested, setRequested] = useState<boolean | null>(null);
  const isPublic = requested ?? map.public;
  const choose = (value: boolean) => {
    // One change at a time; the radios stay enabled so that the keyboard focus stays where it is.
    if (requested !== null) return;
    setRequested(value);
    change.mutate(value, { onSettled: () => setRequested(null) });
  };

  return (
    <section className="share-section" data-testid="share-visibility">
      <h3 className="share-section-title" id={`${id}-title`}>{t('share.visibility.title')}</h3>
      <div className="visibility-choice" role="radiogroup" aria-labelledby={`${id}-title`} aria-busy={requested !== null}>
        {VISIBILITIES.map((visibility) => (
          <label key={visibility} className="visibility-option">
            <input type="radio" name={`${id}-visibility`} value={visibility} checked={isPublic === (visibility === 'public')}
              onChange={() => choose(visibility === 'public')} data-testid={`share-visibility-${visibility}`}
              aria-labelledby={`${id}-${visibility}-name`} aria-describedby={`${id}-${visibility}`} />
            <span className="visibility-option-text">
              <strong id={`${id}-${visibility}-name`}>{t(`share.visibility.${visibility}`)}</strong>
              <span className="muted" id={`${id}-${visibility}`}>{t(`share.visibility.${visibility}Owner`)}</span>
            </span>
          </label>
        ))}
      </div>
      {change.isError && (
        <p className="field-error" role="alert">{change.error instanceof ApiError ? change.error.message : t('share.visibility.failed')}</p>
      )}
    </section>
  );
}

/** What a member or a reader is told: which it is, and that the owner decides. */
export function VisibilityStatus({ isPublic }: { isPublic: boolean }) {
  const { t } = useTranslation();
  const visibility = isPublic ? 'public' : 'private';
  return (
    <section className="share-section" data-testid="share-visibility-status">
      <h3 className="share-section-title">{t('share.visibility.title')}</h3>
      <p className="share-note">
        <strong>{t(`share.visibility.${visibility}`)}</strong> · {t(`share.visibility.${visibility}Others`)}
      </p>
      <p className="share-note muted">{t('share.visibility.ownerDecides')}</p>
    </section>
  );
}
