/**
 * The "my data" tab of the analysis panel (SPEC §2, tab 5): the datasets the map shows, each with
 * its figures in the areas (map-dataset-card.tsx); the user's other datasets, to put on the map
 * (or delete); and Import, which opens the import wizard. Shown without an area too (the figures
 * then wait for one). A free user is told how many rows the free plan holds.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_COUNT_MAX_POLYGONS } from '@catchment/domain';
import type { ClientDatasetView } from '../api/datasets.js';
import type { AnalysisTarget } from '../analysis/analysis-panel.js';
import { useLocale } from '../i18n/index.js';
import { Icon } from '../panels/icons.js';
import { usePlanAccess } from '../plans/use-plan-access.js';
import { useDatasetsView } from './datasets-view.js';
import { MapDatasetCard } from './map-dataset-card.js';
import { useAccountDatasets, useDatasetWrites, useMapDatasetList, useMapDatasetWrites } from './use-datasets.js';

export function DatasetsTab({ target }: { target: AnalysisTarget }) {
  const { t } = useTranslation();
  const mapId = target.mapId!;
  const { area } = target;
  const view = useDatasetsView();
  const access = usePlanAccess();
  const list = useMapDatasetList(mapId);
  const account = useAccountDatasets();
  const mapWrites = useMapDatasetWrites(mapId);
  const datasetWrites = useDatasetWrites();
  // The visible areas the server has saved, the selected one first, as many as one figures call takes.
  const areas = (area ? [area, ...target.areas.filter((other) => other.uuid !== area.uuid)] : [])
    .filter((entry) => entry.hash !== '').slice(0, SEARCH_COUNT_MAX_POLYGONS);
  const entries = list.data?.datasets ?? [];
  const owned = new Set((account.data ?? []).map((dataset) => dataset.id));
  const others = (account.data ?? []).filter((dataset) => !entries.some((entry) => entry.datasetId === dataset.id));

  if (list.isPending) return <p className="panel-note analysis-loading" role="status"><span className="spinner" aria-hidden />{t('datasets.loading')}</p>;
  if (list.isError) {
    return (
      <div className="poi-tab">
        <p className="form-error" role="alert" data-testid="datasets-load-error">{t('datasets.loadError')}</p>
        <button type="button" className="button button-small" onClick={() => void list.refetch()}>{t('app.retry')}</button>
      </div>
    );
  }

  const importButton = (
    <button type="button" className={entries.length === 0 ? 'button button-primary' : 'button button-small button-primary'} data-testid="datasets-import" onClick={view.openImport}>
      <Icon name="plus" />{t('datasets.import')}
    </button>
  );
  const freeNote = access?.plan.tier === 'free' && <p className="panel-note" data-testid="datasets-free-note">{t('datasets.freeNote', { count: access.plan.pins })}</p>;

  return (
    <div className="poi-tab datasets-tab" data-testid="datasets-tab">
      {entries.length === 0 ? (
        <div className="poi-empty" data-testid="datasets-empty">
          <h3 className="poi-empty-title">{t('datasets.emptyTitle')}</h3>
          <p>{t('datasets.emptyText')}</p>
          {freeNote}
          <div>{importButton}</div>
        </div>
      ) : (
        <>
          <div className="poi-toolbar">
            <h3 className="poi-toolbar-title">{t('datasets.onMap')}</h3>
            {importButton}
          </div>
          {freeNote}
          <ul className="poi-search-list" data-testid="datasets-on-map">
            {entries.map((entry) => (
              <li key={entry.datasetId}>
                <MapDatasetCard mapId={mapId} entry={entry} areas={areas} canEdit={view.canEdit} owned={owned.has(entry.datasetId)}
                  onUpdate={(changes) => mapWrites.update(entry.datasetId, changes)} onRemove={() => mapWrites.remove(entry.datasetId)}
                  onChange={(changes) => datasetWrites.update(entry.datasetId, changes)} onDelete={() => datasetWrites.remove(entry.datasetId)} />
              </li>
            ))}
          </ul>
        </>
      )}
      {others.length > 0 && (
        <OtherDatasets datasets={others} canAdd={view.canEdit} onAdd={(datasetId) => mapWrites.add([datasetId])} onDelete={(datasetId) => datasetWrites.remove(datasetId)} />
      )}
    </div>
  );
}

interface OtherDatasetsProps {
  datasets: ClientDatasetView[];
  canAdd: boolean;
  onAdd(datasetId: number): Promise<void>;
  onDelete(datasetId: number): Promise<void>;
}

/** The user's datasets this map does not show: each to put on it, or to delete (confirmed). */
function OtherDatasets({ datasets, canAdd, onAdd, onDelete }: OtherDatasetsProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const number = (value: number) => new Intl.NumberFormat(locale).format(value);
  const add = async (datasetId: number) => {
    setBusy(datasetId);
    try {
      await onAdd(datasetId);
    } catch {
      // Said by the list's writes (a toast), the list read again.
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className="datasets-others" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="poi-toolbar-title">{t('datasets.others')}</h3>
      <ul className="datasets-other-list" data-testid="datasets-others">
        {datasets.map((dataset) => (
          <li key={dataset.id} className="datasets-other" data-testid="datasets-other" data-dataset={dataset.id}>
            <span className="poi-search-color" style={{ background: dataset.color }} aria-hidden />
            <span className="datasets-other-name">
              <strong>{dataset.name}</strong>
              <span className="panel-note">
                {dataset.status === 'importing' ? t('datasets.otherImporting', { percent: Math.round(dataset.progress * 100) })
                  : dataset.status === 'failed' ? t('datasets.card.failed')
                    : t('datasets.card.points', { count: dataset.pointCount, formatted: number(dataset.pointCount) })}
              </span>
            </span>
            <span className="datasets-other-actions">
              {canAdd && dataset.status === 'ready' && (
                <button type="button" className="button button-small" data-testid="datasets-add" disabled={busy === dataset.id} onClick={() => void add(dataset.id)}>
                  {t('datasets.addToMap')}
                </button>
              )}
              <button type="button" className="button button-small button-ghost button-danger-ghost" data-testid="datasets-other-delete" onClick={() => setConfirming(dataset.id)}>
                {t('datasets.card.delete')}
              </button>
            </span>
            {confirming === dataset.id && (
              <div className="poi-confirm datasets-other-confirm" role="alertdialog" aria-label={t('datasets.card.deleteConfirm', { name: dataset.name })}>
                <span>{t('datasets.card.deleteConfirm', { name: dataset.name })}</span>
                <button type="button" className="button button-small button-danger" data-testid="datasets-other-delete-confirm"
                  onClick={() => { setConfirming(null); void onDelete(dataset.id).catch(() => undefined); }}>{t('datasets.card.delete')}</button>
                <button type="button" className="button button-small" autoFocus onClick={() => setConfirming(null)}>{t('app.cancel')}</button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
