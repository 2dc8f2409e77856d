import { useTranslation } from 'react-i18next';
import { DISTANCE_UNITS } from '@catchment/domain';
import { useDistanceUnit } from './distance-unit.js';

/** km / mi as a two-button toggle. */
export function UnitSwitch() {
  const { t } = useTranslation();
  const { unit, setUnit } = useDistanceUnit();
  return (
    <div className="segmented" role="group" aria-label={t('header.distanceUnit')} data-testid="unit-switch">
      {DISTANCE_UNITS.map((option) => (
        <button key={option} type="button" aria-pressed={unit === option} title={t(`units.${option}Long`)}
          className={unit === option ? 'segmented-active' : undefined} onClick={() => setUnit(option)} data-unit={option}>
          {t(`units.${option}`)}
        </button>
      ))}
    </div>
  );
}
