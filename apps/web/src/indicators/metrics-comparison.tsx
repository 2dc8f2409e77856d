/**
 * The indicators of the compared areas side by side (as the census comparison): one row per area,
 * one column per indicator, the area column kept in view while the indicators scroll sideways.
 */
import { useTranslation } from 'react-i18next';
import type { Area, AreaMetrics, MetricView } from '@catchment/domain';
import { useLocale } from '../i18n/index.js';
import { formatIndicatorValue } from '../analysis/number-format.js';
import { ComparisonAreaCell } from '../analysis/comparison-area-cell.js';

export function MetricsComparison({ metrics, results, areas }: { metrics: MetricView[]; results: AreaMetrics[]; areas: Area[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const areaOf = new Map(areas.map((area) => [area.uuid, area]));
  return (
    <section className="analysis-comparison" aria-labelledby="metrics-comparison-title">
      <div className="comparison-header">
        <h3 className="panel-subtitle" id="metrics-comparison-title">{t('analysis.comparison')}</h3>
      </div>
      <div className="comparison-scroll" tabIndex={0} role="region" aria-labelledby="metrics-comparison-title">
        <table className="comparison-table" data-testid="metrics-comparison">
          <thead>
            <tr>
              <th scope="col" className="comparison-area">{t('analysis.areaLabel')}</th>
              {metrics.map((metric) => <th key={metric.id} scope="col" className="num" title={metric.name}><span aria-hidden>{metric.symbol} </span>{metric.name}</th>)}
            </tr>
          </thead>
          <tbody>
            {results.map((result) => {
              const area = areaOf.get(result.areaId);
              return (
                <tr key={result.areaId} data-testid="metrics-comparison-row" data-area={result.areaId}>
                  <ComparisonAreaCell area={area} />
                  {metrics.map((metric) => {
                    const entry = result.metrics.find((value) => value.metricId === metric.id);
                    const reason = entry?.error?.message ?? t('indicators.noValue');
                    return (
                      <td key={metric.id} className="num" data-metric={metric.id} data-value={entry?.value ?? ''}>
                        {entry?.value == null ? <span title={reason} aria-label={reason}>—</span> : formatIndicatorValue(entry.value, locale)}
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
