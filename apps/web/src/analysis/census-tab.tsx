/**
 * Census figures of the selected area (POST /measures/compute) in the data country of the panel:
 * the population, age bands and socio-professional categories as bar charts, other measures as
 * rows, with what the figures cover (share of the area with data, or places known only as points),
 * one note naming what the data loaded here does not have, and a comparison of the visible areas.
 * Only measures with a value are shown. Computed once the areas are saved; recomputed when their
 * geometry or the country changes. The figures of the areas shown (the selected one and those it is
 * compared with) export to an XLSX file (POST /xlsxreport/census: the same values).
 */
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ERROR_CODES, MEASURE_AREAS_MAX, type AreaMeasures, type Country, type MeasureValue } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { computeMeasures, downloadCensus } from '../api/territories.js';
import { useDownload } from '../app/use-download.js';
import type { AnalysisTarget } from './analysis-panel.js';
import { CensusComparison } from './census-comparison.js';
import { missingGroups } from './measures-shown.js';
import { formatFigure, formatShare } from './number-format.js';

/** Bar charts for these groups; the rest are rows. */
const CHARTED_GROUPS = ['age', 'socioProfessional'] as const;
const CHART_ROW_HEIGHT = 40;

export function CensusTab({ target }: { target: AnalysisTarget }) {
  const { t, i18n } = useTranslation();
  const { area, mapId, country } = target;
  // The compared areas: the visible ones, the selected one first, those the server has saved.
  const areas = [area!, ...target.areas.filter((other) => other.uuid !== area!.uuid)].filter((entry) => entry.hash !== '').slice(0, MEASURE_AREAS_MAX);
  const query = useQuery({
    queryKey: ['measures', mapId, i18n.language, country, areas.map((entry) => `${entry.uuid}:${entry.hash}`)],
    queryFn: ({ signal }) => computeMeasures(mapId!, areas.map((entry) => entry.uuid), country, signal),
    enabled: areas.length > 0 && areas[0]!.uuid === area!.uuid,
    staleTime: 5 * 60_000,
  });
  const { downloading, error: exportError, download } = useDownload(t('analysis.exportError'));

  if (area!.hash === '' || query.isPending) return <p className="panel-note analysis-loading" role="status"><span className="spinner" aria-hidden />{t('analysis.loading')}</p>;
  if (query.isError) {
    const message = query.error instanceof ApiError && query.error.status < 500 ? query.error.message : t('analysis.censusError');
    return <p className="form-error" role="alert" data-testid="census-error">{message}</p>;
  }
  const results = query.data.areas;
  const selected = results.find((entry) => entry.areaId === area!.uuid);
  if (!selected) return null;
  const areaIds = areas.map((entry) => entry.uuid);
  return (
    <div className="census">
      <div className="census-toolbar">
        <button type="button" className="button button-small" data-testid="census-export" disabled={downloading}
          onClick={() => void download(() => downloadCensus(mapId!, areaIds, country))}>
          {downloading ? t('analysis.exporting') : t('analysis.censusExport', { count: areaIds.length })}
        </button>
      </div>
      {exportError && <p className="form-error" role="alert" data-testid="census-export-error">{exportError}</p>}
      <AreaFigures result={selected} chosenCountry={country} locale={i18n.language} />
      {results.length > 1 && <CensusComparison results={results} areas={areas} locale={i18n.language} mapId={mapId!} country={country} />}
    </div>
  );
}

/** One area's figures; `forReader` (the printed report) leaves out what only the app's user can act on. */
export function AreaFigures({ result, chosenCountry, locale, forReader = false }: { result: AreaMeasures; chosenCountry: Country | null; locale: string; forReader?: boolean }) {
  const { t } = useTranslation();
  if (result.error) {
    // The country the user chose has no data where the area lies: not a failure; say which, and what to do.
    if (result.error.code === ERROR_CODES.noDataForCountry && chosenCountry) {
      return (
        <p className="panel-note census-other-country" role="status" data-testid="census-no-data">
          {t('analysis.noDataForChosenCountry', { country: t(`analysis.countries.${chosenCountry}`) })}
        </p>
      );
    }
    return <p className="form-error" role="alert" data-testid="census-error">{result.error.message}</p>;
  }
  const withValue = result.measures.filter((measure) => measure.value !== null);
  const population = withValue.find((measure) => measure.key === 'population');
  const charted = CHARTED_GROUPS.map((group) => ({ group, measures: withValue.filter((measure) => measure.group === group) }))
    .filter((entry) => entry.measures.length > 0);
  const rows = withValue.filter((measure) => measure.key !== 'population' && !(CHARTED_GROUPS as readonly string[]).includes(measure.group));
  return (
    <>
      {population && (
        <div className="census-headline">
          <span className="census-headline-label">{population.label}</span>
          <strong className="census-headline-value" data-testid="census-population">{formatFigure(population.value!, population.unit, locale)}</strong>
          <CoverageNote measure={population} locale={locale} />
        </div>
      )}
      {charted.map(({ group, measures }) => (
        <figure key={group} className="census-chart" data-testid={`census-chart-${group}`}>
          <figcaption>{t(`measureGroups.${group}`)}</figcaption>
          {/* Rows tall enough for labels wrapped on three lines ("Cadres et professions intellectuelles supérieures"). */}
          <ResponsiveContainer width="100%" height={measures.length * CHART_ROW_HEIGHT + 16}>
            <BarChart data={measures.map((measure) => ({ label: measure.label, value: Math.round(measure.value!) }))} layout="vertical" margin={{ left: 8, right: 16 }}>
              <XAxis type="number" hide />
              <YAxis type="category" dataKey="label" width={170} tick={{ fontSize: 11 }} interval={0} />
              <Tooltip formatter={(value) => formatFigure(Number(value), 'people', locale)} />
              <Bar dataKey="value" fill="#3b82f6" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </figure>
      ))}
      {rows.length > 0 && (
        <table className="analysis-table" data-testid="census-rows">
          <tbody>
            {rows.map((measure) => (
              <tr key={measure.key}>
                <th scope="row">{measure.label}</th>
                <td className="num">{formatFigure(measure.value!, measure.unit, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {!forReader && <FinerDataNote measures={result.measures} country={result.country} locale={locale} />}
    </>
  );
}

function CoverageNote({ measure, locale }: { measure: MeasureValue; locale: string }) {
  const { t } = useTranslation();
  if (measure.coverage === null) return <p className="panel-note" data-testid="census-coverage-note">{t('analysis.pointsOnly')}</p>;
  if (measure.coverage >= 0.99) return null;
  return <p className="panel-note" data-testid="census-coverage-note">{t('analysis.coverage', { percent: formatShare(measure.coverage, locale) })}</p>;
}

/** Once, what the country's catalogue has that the data loaded here does not give for the area, and how to get it. */
function FinerDataNote({ measures, country, locale }: { measures: MeasureValue[]; country: Country; locale: string }) {
  const { t } = useTranslation();
  const groups = missingGroups(measures);
  if (groups.length === 0) return null;
  const names = new Intl.ListFormat(locale, { type: 'conjunction' }).format(groups.map((group) => t(`analysis.missingGroups.${group}`)));
  const how = country === 'fr' || country === 'us' ? country : 'other';
  return (
    <p className="panel-note census-finer-data" data-testid="census-finer-data">
      {t('analysis.finerData.missing', { groups: names })} {t(`analysis.finerData.${how}`)}
    </p>
  );
}
