/**
 * The heatmap's settings: shown or not, country, measure (the country's census measures and the
 * map's indicators; those the plan does not include name the plan that does), administrative
 * level, raw or per km², quantiles or natural breaks, number of classes, opacity. Native controls
 * only, so that the keyboard and screen readers work as everywhere else.
 */
import { useId, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COUNTRIES, HEATMAP_CLASSES, HEATMAP_CLASSIFICATIONS, HEATMAP_DENSITY_MODES, measuresOfCountry,
  type AdministrativeKind, type Country, type MetricView, type Plan,
} from '@catchment/domain';
import { LockedButton, LockIcon } from '../plans/plan-lock.js';
import { HEATMAP_OPACITY, type HeatmapMeasure, type HeatmapSettings } from './heatmap-settings.js';

export interface MeasureLock { feature: string; plan: Plan }

interface HeatmapFormProps {
  id: string;
  /** The settings in force (valid in the country). */
  settings: HeatmapSettings & { adminDivision: AdministrativeKind };
  country: Country;
  kinds: AdministrativeKind[];
  indicators: MetricView[];
  /** The level's units are known by points only: raw values, no density. */
  pointsOnly: boolean;
  /** The lock on a measure in the country for the user's plan; null when the plan includes it. */
  lockOf(measure: HeatmapMeasure): MeasureLock | null;
  onChange(change: Partial<HeatmapSettings>): void;
  firstControl: RefObject<HTMLInputElement | null>;
}

const measureValue = (measure: HeatmapMeasure) => (measure.kind === 'census' ? `census:${measure.key}` : `metric:${measure.id}`);

function measureOfValue(value: string): HeatmapMeasure {
  const [kind, ...rest] = value.split(':');
  return kind === 'metric' ? { kind: 'metric', id: rest.join(':') } : { kind: 'census', key: rest.join(':') };
}

export function HeatmapForm({ id, settings, country, kinds, indicators, pointsOnly, lockOf, onChange, firstControl }: HeatmapFormProps) {
  const { t, i18n } = useTranslation();
  const fieldId = useId();
  const lock = lockOf(settings.measure);
  const optionLabel = (name: string, measure: HeatmapMeasure) => {
    const locked = lockOf(measure);
    return locked ? t('heatmap.lockedOption', { name, plan: t(`plans.${locked.plan}`) }) : name;
  };
  const opacityPercent = Math.round(settings.opacity * 100);
  const opacityText = new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(opacityPercent / 100);

  return (
    <div id={id} className="heatmap-form" data-testid="heatmap-form">
      <label className="heatmap-shown">
        <input ref={firstControl} type="checkbox" checked={settings.shown} data-testid="heatmap-shown"
          onChange={(event) => onChange({ shown: event.target.checked })} />
        {t('heatmap.show')}
      </label>
      <div className="heatmap-field heatmap-field-inline">
        <label htmlFor={`${fieldId}-country`}>{t('heatmap.country')}</label>
        <select id={`${fieldId}-country`} value={country} data-testid="heatmap-country"
          onChange={(event) => onChange({ country: event.target.value as Country })}>
          {COUNTRIES.map((code) => <option key={code} value={code}>{t(`analysis.countries.${code}`)}</option>)}
        </select>
      </div>
      <div className="heatmap-field">
        <label htmlFor={`${fieldId}-measure`}>{t('heatmap.measure')}</label>
        <select id={`${fieldId}-measure`} value={measureValue(settings.measure)} data-testid="heatmap-measure"
          data-locked-plan={lock?.plan} onChange={(event) => onChange({ measure: measureOfValue(event.target.value) })}>
          <optgroup label={t('heatmap.census')}>
            {measuresOfCountry(country).map(({ key }) => {
              const measure: HeatmapMeasure = { kind: 'census', key };
              return <option key={key} value={measureValue(measure)} data-locked-plan={lockOf(measure)?.plan}>{optionLabel(t(`measures.${key}`), measure)}</option>;
            })}
          </optgroup>
          {indicators.length > 0 && (
            <optgroup label={t('heatmap.indicators')}>
              {indicators.map((indicator) => {
                const measure: HeatmapMeasure = { kind: 'metric', id: indicator.id };
                return <option key={indicator.id} value={measureValue(measure)}>{optionLabel(indicator.name, measure)}</option>;
              })}
            </optgroup>
          )}
        </select>
      </div>
      {lock && (
        <div className="heatmap-lock" data-testid="heatmap-lock" data-plan={lock.plan}>
          <p><LockIcon size={14} /> {t('heatmap.locked', { plan: t(`plans.${lock.plan}`) })}</p>
          <LockedButton feature={lock.feature} plan={lock.plan} testId="heatmap-lock-see-plans">{t('planLock.seePlans')}</LockedButton>
        </div>
      )}
      <div className="heatmap-field">
        <label htmlFor={`${fieldId}-level`}>{t('heatmap.level')}</label>
        <select id={`${fieldId}-level`} value={settings.adminDivision} data-testid="heatmap-level"
          onChange={(event) => onChange({ adminDivision: event.target.value as AdministrativeKind })}>
          {kinds.map((kind) => <option key={kind} value={kind}>{t(`unitKinds.${kind}`)}</option>)}
        </select>
      </div>
      <div className="heatmap-field">
        <span id={`${fieldId}-mode`}>{t('heatmap.values')}</span>
        <div className="segmented" role="group" aria-labelledby={`${fieldId}-mode`} data-testid="heatmap-mode">
          {HEATMAP_DENSITY_MODES.map((mode) => {
            const disabled = mode === 'density' && pointsOnly;
            return (
              <button key={mode} type="button" aria-pressed={settings.densityMode === mode} data-mode={mode} disabled={disabled}
                title={disabled ? t('heatmap.densityPointsOnly') : undefined}
                className={settings.densityMode === mode ? 'segmented-active' : undefined} onClick={() => onChange({ densityMode: mode })}>
                {t(`heatmap.modes.${mode}`)}
              </button>
            );
          })}
        </div>
        {pointsOnly && <p className="panel-note">{t('heatmap.densityPointsOnly')}</p>}
      </div>
      <div className="heatmap-field">
        <span id={`${fieldId}-classification`}>{t('heatmap.classification')}</span>
        <div className="heatmap-classes-row">
          <div className="segmented" role="group" aria-labelledby={`${fieldId}-classification`} data-testid="heatmap-classification">
            {HEATMAP_CLASSIFICATIONS.map((classification) => (
              <button key={classification} type="button" aria-pressed={settings.classification === classification} data-classification={classification}
                className={settings.classification === classification ? 'segmented-active' : undefined} onClick={() => onChange({ classification })}>
                {t(`heatmap.classifications.${classification}`)}
              </button>
            ))}
          </div>
          <select aria-label={t('heatmap.classes')} title={t('heatmap.classes')} value={settings.classes} data-testid="heatmap-classes"
            onChange={(event) => onChange({ classes: Number(event.target.value) })}>
            {Array.from({ length: HEATMAP_CLASSES.max - HEATMAP_CLASSES.min + 1 }, (_, i) => HEATMAP_CLASSES.min + i).map((count) => (
              <option key={count} value={count}>{t('heatmap.classCount', { count })}</option>
            ))}
          </select>
        </div>
      </div>
      <div className="heatmap-field">
        <label htmlFor={`${fieldId}-opacity`}>{t('heatmap.opacity')} <output htmlFor={`${fieldId}-opacity`}>{opacityText}</output></label>
        <input id={`${fieldId}-opacity`} type="range" min={HEATMAP_OPACITY.min * 100} max={HEATMAP_OPACITY.max * 100} step={5} value={opacityPercent}
          aria-valuetext={opacityText} data-testid="heatmap-opacity" onChange={(event) => onChange({ opacity: Number(event.target.value) / 100 })} />
      </div>
    </div>
  );
}
