/**
 * What the "where to open" layer found: its legend (the server's classes, ranges in the user's
 * language), a summary (people counted around the grid, people the competitors already reach, the
 * compute time) and the best cells, each a button that shows the place on the map.
 */
import { useTranslation } from 'react-i18next';
import type { ReachabilityHeatmap } from '@catchment/domain';
import { formatFigure } from '../analysis/number-format.js';
import { legendClasses } from './legend-classes.js';
import { formatComputeTime } from './where-to-open-format.js';

interface WhereToOpenResultsProps {
  answer: ReachabilityHeatmap;
  /** The competitors' search's name, when the layer is net of one. */
  competitorsTitle: string | null;
  /** The best cell shown on the map (its index in the grid). */
  highlightedIndex: number | null;
  onShowCell(cell: ReachabilityHeatmap['best'][number]): void;
}

export function WhereToOpenResults({ answer, competitorsTitle, highlightedIndex, onShowCell }: WhereToOpenResultsProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const classes = legendClasses({ breaks: answer.breaks, colors: answer.colors, unit: null }, locale);
  const minutes = Math.round(answer.durationSeconds / 60);

  return (
    <div className="heatmap-legend where-to-open-results" data-testid="where-to-open-results">
      <div data-testid="where-to-open-legend">
        <p className="heatmap-legend-title" data-testid="where-to-open-legend-title">
          <strong>{t('whereToOpen.legendTitle', { minutes, mode: t(`whereToOpen.byMode.${answer.transportMode}`) })}</strong>
          {competitorsTitle && <span>{t('whereToOpen.netOf', { search: competitorsTitle })}</span>}
        </p>
        <ul className="heatmap-legend-classes" aria-label={t('whereToOpen.classesList')}>
          {classes.map((entry, index) => (
            <li key={index} data-testid="where-to-open-legend-class">
              <span className="heatmap-swatch" style={{ background: entry.color }} aria-hidden />
              <span>{entry.label}</span>
            </li>
          ))}
        </ul>
        <p className="panel-note">{t('whereToOpen.noRoad')}</p>
      </div>
      <dl className="where-to-open-summary" data-testid="where-to-open-summary">
        <dt>{t('whereToOpen.placed')}</dt>
        <dd data-testid="where-to-open-placed">{formatFigure(answer.population.placed, 'people', locale)}</dd>
        {answer.competitors && (
          <>
            <dt>{t('whereToOpen.competitorsReach')}</dt>
            <dd data-testid="where-to-open-excluded">{formatFigure(answer.population.excludedByCompetitors, 'people', locale)}</dd>
          </>
        )}
        <dt>{t('whereToOpen.computeTime')}</dt>
        <dd data-testid="where-to-open-compute-time">{formatComputeTime(answer.computeMs, locale)}</dd>
      </dl>
      <div>
        <h3 className="where-to-open-best-title" data-testid="where-to-open-best-title">{t('whereToOpen.best')} <span>{t('whereToOpen.bestUnit')}</span></h3>
        {answer.best.length === 0 ? <p className="panel-note" data-testid="where-to-open-no-best">{t('whereToOpen.noBest')}</p> : (
          <ol className="where-to-open-best" data-testid="where-to-open-best">
            {answer.best.map((cell, rank) => {
              const people = formatFigure(cell.value, 'people', locale);
              return (
                <li key={cell.index}>
                  <button type="button" className="where-to-open-best-cell" data-testid="where-to-open-best-cell" data-index={cell.index}
                    aria-pressed={highlightedIndex === cell.index} aria-label={t('whereToOpen.bestCell', { rank: rank + 1, people })} onClick={() => onShowCell(cell)}>
                    <span className="where-to-open-rank" aria-hidden>{rank + 1}</span>
                    <span className="where-to-open-people" data-testid="where-to-open-best-people" aria-hidden>{people}</span>
                  </button>
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </div>
  );
}
