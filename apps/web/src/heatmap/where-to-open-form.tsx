/**
 * The "where to open" settings: transport mode (the routed modes), travel time, cell size (those
 * that keep the grid over the view within the server's limits, with what they cover said), an
 * optional competitors' business search of the map, opacity; then Compute. Folded once a layer is
 * shown (the map needs the room), they read as one line above Compute. Native controls only, so
 * that the keyboard and screen readers work as everywhere else.
 */
import { useId, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ROUTED_TRANSPORT_MODES, type RoutedTransportMode } from '@catchment/domain';
import { HEATMAP_OPACITY } from './heatmap-settings.js';
import type { GridCoverage } from './reachability-extent.js';
import { formatMeters } from './where-to-open-format.js';

/** Travel times offered, in minutes (the server takes 1 to 30). */
export const TRAVEL_MINUTES = [1, 2, 3, 5, 7, 10, 15, 20, 25, 30] as const;

export interface WhereToOpenChoices {
  transportMode: RoutedTransportMode;
  minutes: number;
  /** The size the user chose; null: the default for the view. */
  cellMeters: number | null;
  competitorSearchId: number | null;
  opacity: number;
}

interface WhereToOpenFormProps {
  choices: WhereToOpenChoices;
  /** The grid the view gives (null until the map is ready), its cell sizes, the one in force and its cell count. */
  coverage: GridCoverage | null;
  cellSizes: number[];
  cellMeters: number;
  cells: number;
  competitors: { id: number; title: string }[];
  computing: boolean;
  /** The settings shown; folded: the line that sums them up. */
  expanded: boolean;
  id: string;
  onChange(change: Partial<WhereToOpenChoices>): void;
  onCompute(): void;
  onCancel(): void;
  firstControl: RefObject<HTMLSelectElement | null>;
}

export function WhereToOpenForm(props: WhereToOpenFormProps) {
  const { choices, coverage, cellSizes, cellMeters, cells, competitors, computing, expanded, onChange, onCompute, onCancel, firstControl } = props;
  const { t, i18n } = useTranslation();
  const id = useId();
  const locale = i18n.language;
  const opacityPercent = Math.round(choices.opacity * 100);
  const opacityText = new Intl.NumberFormat(locale, { style: 'percent' }).format(opacityPercent / 100);
  const minutesText = (minutes: number) => new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'short' }).format(minutes);
  const cellsText = new Intl.NumberFormat(locale).format(cells);

  return (
    <form id={props.id} className="heatmap-form" data-testid="where-to-open-form" onSubmit={(event) => { event.preventDefault(); if (!computing) onCompute(); }}>
      {!expanded && (
        <p className="where-to-open-choices" data-testid="where-to-open-choices">
          {t('whereToOpen.choices', {
            mode: t(`createArea.transportModes.${choices.transportMode}`), minutes: minutesText(choices.minutes), cell: formatMeters(cellMeters, locale), cells: cellsText,
          })}
        </p>
      )}
      {expanded && <>
      <p className="panel-note">{t('whereToOpen.intro')}</p>
      <div className="heatmap-field heatmap-field-inline">
        <label htmlFor={`${id}-mode`}>{t('whereToOpen.mode')}</label>
        <select ref={firstControl} id={`${id}-mode`} value={choices.transportMode} data-testid="where-to-open-mode"
          onChange={(event) => onChange({ transportMode: event.target.value as RoutedTransportMode })}>
          {ROUTED_TRANSPORT_MODES.map((mode) => <option key={mode} value={mode}>{t(`createArea.transportModes.${mode}`)}</option>)}
        </select>
      </div>
      <div className="heatmap-field heatmap-field-inline">
        <label htmlFor={`${id}-minutes`}>{t('whereToOpen.minutes')}</label>
        <select id={`${id}-minutes`} value={choices.minutes} data-testid="where-to-open-minutes" onChange={(event) => onChange({ minutes: Number(event.target.value) })}>
          {TRAVEL_MINUTES.map((minutes) => <option key={minutes} value={minutes}>{minutesText(minutes)}</option>)}
        </select>
      </div>
      <div className="heatmap-field">
        <div className="heatmap-field heatmap-field-inline">
          <label htmlFor={`${id}-cell`}>{t('whereToOpen.cellSize')}</label>
          <select id={`${id}-cell`} value={cellMeters} data-testid="where-to-open-cell" aria-describedby={`${id}-coverage`}
            onChange={(event) => onChange({ cellMeters: Number(event.target.value) })}>
            {cellSizes.map((size) => <option key={size} value={size}>{formatMeters(size, locale)}</option>)}
          </select>
        </div>
        {coverage && (
          <p id={`${id}-coverage`} className="panel-note" data-testid="where-to-open-coverage">
            {t(coverage.clamped ? 'whereToOpen.coverageClamped' : 'whereToOpen.coverage', {
              width: formatMeters(coverage.widthMeters, locale), height: formatMeters(coverage.heightMeters, locale), cells: cellsText,
            })}
          </p>
        )}
      </div>
      <div className="heatmap-field">
        <label htmlFor={`${id}-competitors`}>{t('whereToOpen.competitors')}</label>
        <select id={`${id}-competitors`} value={choices.competitorSearchId ?? ''} data-testid="where-to-open-competitors" aria-describedby={`${id}-competitors-hint`}
          onChange={(event) => onChange({ competitorSearchId: event.target.value === '' ? null : Number(event.target.value) })}>
          <option value="">{t('whereToOpen.noCompetitors')}</option>
          {competitors.map((search) => <option key={search.id} value={search.id}>{search.title}</option>)}
        </select>
        <p id={`${id}-competitors-hint`} className="panel-note">{t('whereToOpen.competitorsHint')}</p>
      </div>
      <div className="heatmap-field">
        <label htmlFor={`${id}-opacity`}>{t('whereToOpen.opacity')} <output htmlFor={`${id}-opacity`}>{opacityText}</output></label>
        <input id={`${id}-opacity`} type="range" min={HEATMAP_OPACITY.min * 100} max={HEATMAP_OPACITY.max * 100} step={5} value={opacityPercent}
          aria-valuetext={opacityText} data-testid="where-to-open-opacity" onChange={(event) => onChange({ opacity: Number(event.target.value) / 100 })} />
      </div>
      </>}
      {computing ? (
        <div className="where-to-open-computing" role="status" data-testid="where-to-open-computing">
          <span className="spinner" aria-hidden />
          <span>{t('whereToOpen.computing', { cells: cellsText })}</span>
          <button type="button" className="button button-small where-to-open-cancel" data-testid="where-to-open-cancel" onClick={onCancel}>{t('whereToOpen.cancel')}</button>
        </div>
      ) : (
        <button type="submit" className="button button-primary where-to-open-compute" data-testid="where-to-open-compute" disabled={!coverage}>{t('whereToOpen.compute')}</button>
      )}
    </form>
  );
}
