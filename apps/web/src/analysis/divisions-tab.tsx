/**
 * The administrative divisions the selected area covers (communes, postcodes, IRIS… of its
 * country, or of the data country chosen in the panel), with the share of each inside the area,
 * and their XLSX export: of the selected area, or of every visible area in one file (the
 * multi-area export, locked below the plan that includes it); the selected area's export can also be
 * prepared on the server as a download job, whose file waits in My downloads. Where IRIS are listed,
 * the IRIS detail (each IRIS with its census figures, the census's plan; the server refuses it above
 * a count, and its reason is shown); and the boundaries of the units of the kind shown, as GeoJSON or
 * KML (the bulk boundary export, locked below the plan that includes it).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FEATURES, IRIS_DETAIL_EXPORT_MAX_UNITS, MEASURE_AREAS_MAX, type AdministrativeKind, type MapExportFormat } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { downloadBoundaries, downloadDivisions, downloadIrisDetail, fetchDivisions } from '../api/territories.js';
import { orderDivisionsDownload } from '../api/downloads.js';
import { useDownload } from '../app/use-download.js';
import { LockedButton } from '../plans/plan-lock.js';
import { usePlanAccess } from '../plans/use-plan-access.js';
import type { AnalysisTarget } from './analysis-panel.js';
import { formatFigure, formatShare } from './number-format.js';

/** Rows shown at once; the export has them all. */
const SHOWN_ROWS = 200;

export function DivisionsTab({ target }: { target: AnalysisTarget }) {
  const { t, i18n } = useTranslation();
  const area = target.area!;
  const mapId = target.mapId!;
  const { country } = target;
  const [kind, setKind] = useState<AdministrativeKind | null>(null);
  const { downloading: exporting, error: exportError, download } = useDownload(t('analysis.exportError'));
  const access = usePlanAccess();
  const queryClient = useQueryClient();
  const [order, setOrder] = useState<{ busy: boolean; done: boolean; error: string | null }>({ busy: false, done: false, error: null });
  // The visible areas the server has saved, the selected one first (as many as one export takes): what the export of all areas holds.
  const allAreaIds = [area, ...target.areas.filter((other) => other.uuid !== area.uuid)]
    .filter((entry) => entry.hash !== '').slice(0, MEASURE_AREAS_MAX).map((entry) => entry.uuid);
  const multiAreaLock = access?.lockOf(FEATURES.multiAreaExport) ?? null;
  const irisLock = access?.lockOf(FEATURES.census('fr')) ?? null;
  const boundariesLock = access?.lockOf(FEATURES.bulkBoundaryExport) ?? null;
  const iris = useDownload(t('analysis.exportError'));
  const boundaries = useDownload(t('analysis.exportError'));
  const query = useQuery({
    queryKey: ['divisions', mapId, area.uuid, area.hash, country],
    queryFn: ({ signal }) => fetchDivisions(mapId, area.uuid, country, signal),
    enabled: area.hash !== '',
    staleTime: 5 * 60_000,
  });

  if (area.hash === '' || query.isPending) return <p className="panel-note analysis-loading" role="status"><span className="spinner" aria-hidden />{t('analysis.loading')}</p>;
  if (query.isError) return <p className="form-error" role="alert">{query.error instanceof ApiError ? query.error.message : t('errors.internal')}</p>;

  const lists = query.data.divisions;
  const list = lists.find((entry) => entry.kind === kind) ?? lists[0];

  const exportXlsx = (areaIds: string[]) => download(() => downloadDivisions(mapId, areaIds, country));
  const exportBoundaries = (format: MapExportFormat) => list && boundaries.download(() => downloadBoundaries(mapId, area.uuid, list.kind, format, country));
  const hasIris = lists.some((entry) => entry.kind === 'fr_iris');
  const exportLater = async () => {
    setOrder({ busy: true, done: false, error: null });
    try {
      await orderDivisionsDownload(mapId, [area.uuid], country);
      setOrder({ busy: false, done: true, error: null });
      void queryClient.invalidateQueries({ queryKey: ['downloads'] });
    } catch (failure) {
      setOrder({ busy: false, done: false, error: failure instanceof ApiError && failure.status < 500 ? failure.message : t('analysis.exportError') });
    }
  };

  return (
    <div className="divisions">
      <div className="divisions-toolbar">
        <div className="divisions-kinds" role="group" aria-label={t('analysis.divisionsKinds')}>
          {lists.map((entry) => (
            <button key={entry.kind} type="button" aria-pressed={entry.kind === list?.kind} data-testid={`divisions-kind-${entry.kind}`}
              className={entry.kind === list?.kind ? 'button button-small divisions-kind-active' : 'button button-small button-ghost'}
              onClick={() => setKind(entry.kind)}>
              {t(`unitKinds.${entry.kind}`)} ({entry.rows.length})
            </button>
          ))}
        </div>
        <div className="divisions-exports">
          <button type="button" className="button button-small" data-testid="divisions-export" disabled={exporting} onClick={() => void exportXlsx([area.uuid])}>
            {exporting ? t('analysis.exporting') : t('analysis.export')}
          </button>
          <button type="button" className="button button-small button-ghost" data-testid="divisions-export-job" disabled={order.busy} onClick={() => void exportLater()}>
            {t('analysis.exportLater')}
          </button>
          {allAreaIds.length > 1 && (multiAreaLock
            ? (
              <LockedButton feature={FEATURES.multiAreaExport} plan={multiAreaLock} testId="divisions-export-all">
                {t('analysis.exportAll', { count: allAreaIds.length })}
              </LockedButton>
            )
            : (
              <button type="button" className="button button-small" data-testid="divisions-export-all" disabled={exporting || access === null}
                onClick={() => void exportXlsx(allAreaIds)}>
                {t('analysis.exportAll', { count: allAreaIds.length })}
              </button>
            ))}
          {hasIris && (irisLock
            ? <LockedButton feature={FEATURES.census('fr')} plan={irisLock} testId="divisions-iris-export">{t('analysis.irisExport')}</LockedButton>
            : (
              <button type="button" className="button button-small" data-testid="divisions-iris-export" disabled={iris.downloading || access === null}
                title={t('analysis.irisExportTitle', { max: formatFigure(IRIS_DETAIL_EXPORT_MAX_UNITS, 'people', i18n.language) })}
                onClick={() => void iris.download(() => downloadIrisDetail(mapId, [area.uuid]))}>
                {iris.downloading ? t('analysis.exporting') : t('analysis.irisExport')}
              </button>
            ))}
        </div>
      </div>
      {list && list.rows.length > 0 && (
        <div className="divisions-boundaries" role="group" data-testid="divisions-boundaries" aria-label={t('analysis.boundariesTitle', { kind: t(`unitKinds.${list.kind}`) })}
          title={t('analysis.boundariesTitle', { kind: t(`unitKinds.${list.kind}`) })}>
          {boundariesLock
            ? <LockedButton feature={FEATURES.bulkBoundaryExport} plan={boundariesLock} testId="divisions-boundaries-locked">{t('analysis.boundariesLocked')}</LockedButton>
            : (
              <>
                <span className="divisions-boundaries-label">{t('analysis.boundaries')}</span>
                {(['geojson', 'kml'] as const).map((format) => (
                  <button key={format} type="button" className="button button-small button-ghost" data-testid={`divisions-boundaries-${format}`}
                    disabled={boundaries.downloading || access === null} onClick={() => void exportBoundaries(format)}>
                    {format === 'kml' ? 'KML' : 'GeoJSON'}
                  </button>
                ))}
              </>
            )}
        </div>
      )}
      {exportError && <p className="form-error" role="alert">{exportError}</p>}
      {iris.error && <p className="form-error" role="alert" data-testid="divisions-iris-error">{iris.error}</p>}
      {boundaries.error && <p className="form-error" role="alert" data-testid="divisions-boundaries-error">{boundaries.error}</p>}
      {order.error && <p className="form-error" role="alert">{order.error}</p>}
      {order.done && (
        <p className="panel-note" role="status" data-testid="divisions-export-ordered">
          {t('analysis.exportOrdered')} <Link to="/profile/downloads" data-testid="divisions-open-downloads">{t('analysis.openDownloads')}</Link>
        </p>
      )}
      {!list || list.rows.length === 0 ? <p className="panel-note">{t('analysis.noDivisions')}</p> : (
        <>
          <p className="panel-note">{t('analysis.rowCount', { count: list.rows.length })}</p>
          <div className="analysis-table-scroll">
            <table className="analysis-table">
              <thead>
                <tr>
                  <th scope="col">{t('analysis.code')}</th>
                  <th scope="col">{t('analysis.name')}</th>
                  <th scope="col">{t('analysis.parent')}</th>
                  <th scope="col" className="num">{t('analysis.share')}</th>
                  <th scope="col" className="num">{t('analysis.population')}</th>
                </tr>
              </thead>
              <tbody>
                {list.rows.slice(0, SHOWN_ROWS).map((row) => (
                  <tr key={row.code} data-testid="division-row" data-code={row.code}>
                    <td>{row.code}</td>
                    <td>{row.name}</td>
                    <td>{row.parentName ?? ''}</td>
                    <td className="num">{row.geometry === 'point' ? t('analysis.point') : formatShare(row.share, i18n.language)}</td>
                    <td className="num">{row.population === null ? '' : formatFigure(row.population, 'people', i18n.language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
