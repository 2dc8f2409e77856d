/**
 * The heatmap's legend over the map: what it shows (measure, per km², level), each class's colour
 * and range in the user's language, the colour of units without data; while the legend is built,
 * a loading line; when it fails, the server's message (a heatmap built too slowly says so) and a
 * way to try again; when the plan does not include it, the plan that does.
 */
import { useTranslation } from 'react-i18next';
import type { HeatmapLegend, Plan } from '@catchment/domain';
import { legendClasses } from './legend-classes.js';

export type LegendState =
  | { status: 'loading' }
  | { status: 'locked'; plan: Plan }
  | { status: 'error'; message: string; retry(): void }
  | { status: 'ready'; legend: HeatmapLegend };

interface HeatmapLegendViewProps {
  title: string;
  level: string;
  state: LegendState;
  /** A tile the server could not give (its message), under a legend that did load. */
  tileError: string | null;
  /** The view is too far out for the level's units to be drawn: the way to zoom in to them. */
  onZoomIn: (() => void) | null;
}

export function HeatmapLegendView({ title, level, state, tileError, onZoomIn }: HeatmapLegendViewProps) {
  const { t, i18n } = useTranslation();
  return (
    <div className="heatmap-legend" data-testid="heatmap-legend" data-status={state.status}>
      <p className="heatmap-legend-title" data-testid="heatmap-legend-title">
        <strong>{title}</strong>
        <span>{level}</span>
      </p>
      {state.status === 'loading' && (
        <p className="panel-note heatmap-legend-loading" role="status"><span className="spinner" aria-hidden />{t('heatmap.loading')}</p>
      )}
      {state.status === 'locked' && <p className="panel-note">{t('heatmap.locked', { plan: t(`plans.${state.plan}`) })}</p>}
      {state.status === 'error' && (
        <div className="heatmap-legend-error" role="alert">
          <p data-testid="heatmap-error">{state.message}</p>
          <button type="button" className="button button-small" data-testid="heatmap-retry" onClick={state.retry}>{t('heatmap.retry')}</button>
        </div>
      )}
      {state.status === 'ready' && (
        state.legend.count === 0
          ? <p className="panel-note" data-testid="heatmap-no-values">{t('heatmap.noValues')}</p>
          : (
            <ul className="heatmap-legend-classes" aria-label={t('heatmap.classesList')}>
              {legendClasses(state.legend, i18n.language).map((entry, index) => (
                <li key={index} data-testid="heatmap-legend-class">
                  <span className="heatmap-swatch" style={{ background: entry.color }} aria-hidden />
                  <span>{entry.label}</span>
                </li>
              ))}
              <li data-testid="heatmap-legend-no-data">
                <span className="heatmap-swatch" style={{ background: state.legend.noDataColor }} aria-hidden />
                <span>{t('heatmap.noData')}</span>
              </li>
            </ul>
          )
      )}
      {state.status === 'ready' && onZoomIn && (
        <p className="heatmap-zoom-in" data-testid="heatmap-zoom-hint">
          {t('heatmap.zoomHint')}
          <button type="button" className="button-link" data-testid="heatmap-zoom-in" onClick={onZoomIn}>{t('heatmap.zoomIn')}</button>
        </p>
      )}
      {tileError && <p className="heatmap-tile-error" role="alert" data-testid="heatmap-tile-error">{tileError}</p>}
    </div>
  );
}
