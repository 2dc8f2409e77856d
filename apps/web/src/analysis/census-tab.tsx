/**
 * Census figures of the selected area (POST /measures/compute): the population, age bands and
 * socio-professional categories as bar charts, other measures as rows, with what the figures
 * cover (share of the area with data, or places known only as points), and a comparison of the
 * visible areas. Computed once the areas are saved; recomputed when their geometry changes.
 */
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { MEASURE_AREAS_MAX, type AreaMeasures, type MeasureValue } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { computeMeasures } from '../api/territories.js';
import type { AnalysisTarget } from './analysis-panel.js';
import { formatFigure, formatShare } from './number-format.js';

/** Bar charts for these groups; the rest are rows. */
const CHARTED_GROUPS = ['age', 'socioProfessional'] as const;

export function CensusTab({ target }: { target: AnalysisTarget }) {
  const { t, i18n } = useTranslation();
  const { area, mapId } = target;
  // The compared areas: the visible ones, the selected one first, those the server has saved.
  const areas = [area!, ...target.areas.filter((other) => other.uuid !== area!.uuid)].filter((entry) => entry.hash !== '').slice(0, MEASURE_AREAS_MAX);
  const query = useQuery({
    queryKey: ['measures', mapId, i18n.language, areas.map((entry) => `${entry.uuid}:${entry.hash}`)],
    queryFn: ({ signal }) => computeMeasures(mapId!, areas.map((entry) => entry.uuid), signal),
    enabled: areas.length > 0 && areas[0]!.uuid === area!.uuid,
    staleTime: 5 * 60_000,
  });

  if (area!.hash === '' || query.isPending) return <p className="panel-note analysis-loading" role="status"><span className="spinner" aria-hidden />{t('analysis.loading')}</p>;
  if (query.isError) {
    const message = query.error instanceof ApiError && query.error.status < 500 ? query.error.message : t('analysis.censusError');
    return <p className="form-error" role="alert" data-testid="census-error">{message}</p>;
  }
  const results = query.data.areas;
  const selected = results.find((entry) => entry.areaId === area!.uuid);
  if (!selected) return null;
  return (
    <div className="census">
      <AreaFigures result={selected} locale={i18n.language} />
      {results.length > 1 && <Comparison results={results} labels={new Map(areas.map((entry) => [entry.uuid, entry.label]))} locale={i18n.language} />}
    </div>
  );
}

function AreaFigures({ result, locale }: { result: AreaMeasures; locale: string }) {
  const { t } = useTranslation();
  if (result.error) return <p className="form-error" role="alert" data-testid="census-error">{result.error.message}</p>;
  const population = result.measures.find((measure) => measure.key === 'population');
  const charted = CHARTED_GROUPS.map((group) => ({ group, measures: result.measures.filter((measure) => measure.group === group && measure.value !== null) }))
    .filter((entry) => entry.measures.length > 0);
  const rows = result.measures.filter((measure) => measure.key !== 'population' && !(CHARTED_GROUPS as readonly string[]).includes(measure.group));
  return (
    <>
      {population && (
        <div className="census-headline">
          <span className="census-headline-label">{population.label}</span>
          <strong className="census-headline-value" data-testid="census-population">
            {population.value === null ? t('analysis.noData') : formatFigure(population.value, population.unit, locale)}
          </strong>
          <CoverageNote measure={population} locale={locale} />
        </div>
      )}
      {charted.map(({ group, measures }) => (
        <figure key={group} className="census-chart" data-testid={`census-chart-${group}`}>
          <figcaption>{t(`measureGroups.${group}`)}</figcaption>
          <ResponsiveContainer width="100%" height={measures.length * 26 + 16}>
            <BarChart data={measures.map((measure) => ({ label: measure.label, value: Math.round(measure.value!) }))} layout="vertical" margin={{ left: 8, right: 16 }}>
              <XAxis type="number" hide />
              <YAxis type="category" dataKey="label" width={150} tick={{ fontSize: 11 }} interval={0} />
              <Tooltip formatter={(value) => formatFigure(Number(value), 'people', locale)} />
              <Bar dataKey="value" fill="#3b82f6" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </figure>
      ))}
      {rows.length > 0 && (
        <table className="analysis-table">
          <tbody>
            {rows.map((measure) => (
              <tr key={measure.key}>
                <th scope="row">{measure.label}</th>
                <td className="num">{measure.value === null ? <span className="panel-note">{t('analysis.noData')}</span> : formatFigure(measure.value, measure.unit, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function CoverageNote({ measure, locale }: { measure: MeasureValue; locale: string }) {
  const { t } = useTranslation();
  if (measure.value === null) return null;
  if (measure.coverage === null) return <p className="panel-note" data-testid="census-coverage-note">{t('analysis.pointsOnly')}</p>;
  if (measure.coverage >= 0.99) return null;
  return <p className="panel-note" data-testid="census-coverage-note">{t('analysis.coverage', { percent: formatShare(measure.coverage, locale) })}</p>;
}

function Comparison({ results, labels, locale }: { results: AreaMeasures[]; labels: Map<string, string>; locale: string }) {
  const { t } = useTranslation();
  const keys = [...new Map(results.flatMap((result) => result.measures).map((measure) => [measure.key, measure])).values()];
  return (
    <div className="analysis-comparison">
      <h3 className="panel-subtitle">{t('analysis.comparison')}</h3>
      <div className="analysis-table-scroll">
        <table className="analysis-table" data-testid="census-comparison">
          <thead>
            <tr>
              <th scope="col">{t('analysis.measure')}</th>
              {results.map((result) => <th key={result.areaId} scope="col" className="num">{labels.get(result.areaId)}</th>)}
            </tr>
          </thead>
          <tbody>
            {keys.map((measure) => (
              <tr key={measure.key}>
                <th scope="row">{measure.label}</th>
                {results.map((result) => {
                  const value = result.measures.find((entry) => entry.key === measure.key)?.value ?? null;
                  return <td key={result.areaId} className="num">{value === null ? '–' : formatFigure(value, measure.unit, locale)}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
