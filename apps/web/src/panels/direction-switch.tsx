/**
 * Departure / Arrival of a travel-time or road-distance area: where one gets from the start(s),
 * or from where one gets to them (one-way streets taken the right way towards them).
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ISOCHRONE_DIRECTIONS, type IsochroneDirection } from '@catchment/domain';

export function DirectionSwitch({ value, onChange }: { value: IsochroneDirection; onChange(direction: IsochroneDirection): void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <span className="field-label" id={`${id}-label`}>{t('createArea.direction')}</span>
      <div className="segmented direction-switch" role="group" aria-labelledby={`${id}-label`} data-testid="direction-switch">
        {ISOCHRONE_DIRECTIONS.map((direction) => (
          <button key={direction} type="button" aria-pressed={value === direction}
            className={value === direction ? 'segmented-active' : undefined}
            title={t(`createArea.directionHints.${direction}`)} data-testid={`direction-${direction}`}
            onClick={() => onChange(direction)}>
            {t(`createArea.directions.${direction}`)}
          </button>
        ))}
      </div>
      {value === 'arrival' && <p className="panel-note" data-testid="arrival-hint">{t('createArea.directionHints.arrival')}</p>}
    </div>
  );
}
