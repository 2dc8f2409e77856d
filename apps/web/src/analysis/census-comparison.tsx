/**
 * The visible areas side by side: one row per area (up to MEASURE_AREAS_MAX, two to ten in
 * practice), one column per measure that has a value in at least one of them. The area column
 * stays in view while the measures scroll sideways; figures are right-aligned in tabular digits
 * and never wrapped or cut. An area that cannot be analysed says why across its row.
 */
import { useTranslation } from 'react-i18next';
import type { Area, AreaMeasures } from '@catchment/domain';
import { measuresWithValues } from './measures-shown.js';
import { formatFigure } from './number-format.js';

interface ComparisonProps {
  results: AreaMeasures[];
  /** The compared areas, for their names and colours. */
  areas: Area[];
  locale: string;
}

export function CensusComparison({ results, areas, locale }: ComparisonProps) {
  const { t } = useTranslation();
  const measures = measuresWithValues(results);
  const areaOf = new Map(areas.map((area) => [area.uuid, area]));
  if (measures.length === 0) return null;
  return (
    <section className="analysis-comparison" aria-labelledby="census-comparison-title">
      <h3 className="panel-subtitle" id="census-comparison-title">{t('analysis.comparison')}</h3>
      <div className="comparison-scroll" tabIndex={0} role="region" aria-labelledby="census-comparison-title">
        <table className="comparison-table" data-testid="census-comparison">
          <thead>
            <tr>
              <th scope="col" className="comparison-area">{t('analysis.areaLabel')}</th>
              {measures.map((measure) => <th key={measure.key} scope="col" className="num">{measure.label}</th>)}
            </tr>
          </thead>
          <tbody>
            {results.map((result) => {
              const area = areaOf.get(result.areaId);
              const label = area?.label || t('analysis.areaLabel');
              return (
                <tr key={result.areaId} data-testid="comparison-row" data-area={result.areaId}>
                  <th scope="row" className="comparison-area" title={label}>
                    <span className="comparison-area-name">
                      <span className="comparison-swatch" style={{ background: area?.color }} aria-hidden />
                      <span className="comparison-label">{label}</span>
                    </span>
                  </th>
                  {result.error
                    ? <td colSpan={measures.length} className="comparison-error">{result.error.message}</td>
                    : measures.map((measure) => {
                      const value = result.measures.find((entry) => entry.key === measure.key)?.value ?? null;
                      return (
                        <td key={measure.key} className="num" data-key={measure.key}>
                          {value === null ? <span aria-label={t('analysis.noData')}>–</span> : formatFigure(value, measure.unit, locale)}
                        </td>
                      );
                    })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
