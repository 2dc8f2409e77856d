/**
 * The visible areas side by side: one row per area (up to MEASURE_AREAS_MAX, two to ten in
 * practice), one column per measure that has a value in at least one of them. The area column
 * stays in view while the measures scroll sideways; figures are right-aligned in tabular digits
 * and never wrapped or cut. An area that cannot be analysed says why across its row. The comparison
 * exports to one XLSX sheet, the areas side by side (POST /xlsxreport/comparison: the multi-area
 * export, locked with the plan that includes it below it).
 */
import { useTranslation } from 'react-i18next';
import { FEATURES, type Area, type AreaMeasures, type Country } from '@catchment/domain';
import { downloadComparison } from '../api/territories.js';
import { useDistanceUnit } from '../app/distance-unit.js';
import { useDownload } from '../app/use-download.js';
import { LockedButton } from '../plans/plan-lock.js';
import { usePlanAccess } from '../plans/use-plan-access.js';
import { measuresWithValues } from './measures-shown.js';
import { formatFigure } from './number-format.js';
import { ComparisonAreaCell } from './comparison-area-cell.js';

interface ComparisonProps {
  results: AreaMeasures[];
  /** The compared areas, for their names and colours. */
  areas: Area[];
  locale: string;
  /** The map and the data country the figures are of: what the export asks for. */
  mapId: string;
  country: Country | null;
}

export function CensusComparison({ results, areas, locale, mapId, country }: ComparisonProps) {
  const { t } = useTranslation();
  const measures = measuresWithValues(results);
  const areaOf = new Map(areas.map((area) => [area.uuid, area]));
  if (measures.length === 0) return null;
  return (
    <section className="analysis-comparison" aria-labelledby="census-comparison-title">
      <div className="comparison-header">
        <h3 className="panel-subtitle" id="census-comparison-title">{t('analysis.comparison')}</h3>
        <ComparisonExport mapId={mapId} areaIds={results.map((result) => result.areaId)} country={country} />
      </div>
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
              return (
                <tr key={result.areaId} data-testid="comparison-row" data-area={result.areaId}>
                  <ComparisonAreaCell area={area} />
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

/** The comparison as an XLSX file, or the lock naming the plan that includes the multi-area export; its failure said below it. */
function ComparisonExport({ mapId, areaIds, country }: { mapId: string; areaIds: string[]; country: Country | null }) {
  const { t } = useTranslation();
  const access = usePlanAccess();
  const { unit } = useDistanceUnit();
  const { downloading, error, download } = useDownload(t('analysis.exportError'));
  const lock = access?.lockOf(FEATURES.multiAreaExport) ?? null;
  return (
    <div className="comparison-export">
      {lock ? (
        <LockedButton feature={FEATURES.multiAreaExport} plan={lock} testId="comparison-export">{t('analysis.comparisonExport')}</LockedButton>
      ) : (
        <button type="button" className="button button-small" data-testid="comparison-export" title={t('analysis.comparisonExportTitle')}
          disabled={downloading || access === null} onClick={() => void download(() => downloadComparison(mapId, areaIds, country, unit))}>
          {downloading ? t('analysis.exporting') : t('analysis.comparisonExport')}
        </button>
      )}
      {error && <p className="form-error" role="alert" data-testid="comparison-export-error">{error}</p>}
    </div>
  );
}
