/**
 * One dataset of the map in the "my data" tab: its colour, name and points; for every area (the
 * selected one first) how many of its rows lie inside, and the sum or the average of a column's
 * numbers over them (the aggregation call; the method and the column chosen here, the column
 * remembered by the map for everyone); the XLSX of the rows in the areas. A member of the map
 * shows or hides it on the map and takes it off; its owner renames, recolours or deletes it
 * (confirmed: it leaves every map).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AGGREGATE_METHODS, type AggregateMethod, type Area } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { aggregateMapDataset, downloadMapDatasetReport, type MapDatasetView } from '../api/datasets.js';
import { saveFile } from '../app/save-file.js';
import { useLocale } from '../i18n/index.js';
import { Icon } from '../panels/icons.js';
import { InlineRename } from '../panels/inline-rename.js';
import { formatAggregate } from './aggregate-figure.js';
import { ColorField } from './columns-step.js';

export interface MapDatasetCardProps {
  mapId: string;
  entry: MapDatasetView;
  /** The areas figures are given for, the selected one first (saved ones, as many as one call takes). */
  areas: Area[];
  canEdit: boolean;
  /** The dataset is the user's own (rename, recolour, delete). */
  owned: boolean;
  onUpdate(changes: { hidden?: boolean; operationColumn?: string | null }): Promise<void>;
  onRemove(): Promise<void>;
  onChange(changes: { name?: string; color?: string }): Promise<void>;
  onDelete(): Promise<void>;
}

type Confirming = 'delete' | null;

export function MapDatasetCard({ mapId, entry, areas, canEdit, owned, onUpdate, onRemove, onChange, onDelete }: MapDatasetCardProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { dataset } = entry;
  const defaultColumn = entry.operationColumn ?? dataset.operationColumn ?? '';
  // The column chosen here; a member's choice is also saved as this map's column, for everyone.
  const [ownColumn, setOwnColumn] = useState<string | null>(null);
  const column = ownColumn ?? defaultColumn;
  const [method, setMethod] = useState<AggregateMethod>(defaultColumn ? 'sum' : 'count');
  const [renaming, setRenaming] = useState(false);
  const [recolouring, setRecolouring] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [exporting, setExporting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const ready = dataset.status === 'ready';
  const polygonsKey = areas.map((area) => `${area.uuid}:${area.hash}`);
  const polygons = areas.map((area) => area.geometry);
  const withValue = method !== 'count' && column !== '';

  const counts = useQuery({
    queryKey: ['dataset-figures', mapId, dataset.id, dataset.version, 'count', polygonsKey],
    queryFn: ({ signal }) => aggregateMapDataset(mapId, dataset.id, { polygons, aggregateMethod: 'count' }, signal),
    enabled: ready && areas.length > 0,
    staleTime: 60_000,
  });
  const values = useQuery({
    queryKey: ['dataset-figures', mapId, dataset.id, dataset.version, method, column, polygonsKey],
    queryFn: ({ signal }) => aggregateMapDataset(mapId, dataset.id, { polygons, aggregateMethod: method, operationColumn: column }, signal),
    enabled: ready && areas.length > 0 && withValue,
    staleTime: 60_000,
  });

  const chooseColumn = (next: string) => {
    setOwnColumn(next);
    if (canEdit) void onUpdate({ operationColumn: next || null }).catch(() => undefined);
  };

  const said = (error: unknown, fallback: string) => setFailure(error instanceof ApiError && error.status < 500 ? error.message : fallback);

  const exportRows = async () => {
    setExporting(true);
    setFailure(null);
    try {
      const { blob, filename } = await downloadMapDatasetReport(mapId, dataset.id, polygons, areas.map((area) => area.label));
      saveFile(blob, filename);
    } catch (error) {
      said(error, t('datasets.card.exportError'));
    } finally {
      setExporting(false);
    }
  };

  const valueHeading = method === 'count' ? null : t(`datasets.card.methodOf.${method}`, { column });
  return (
    <article className={entry.hidden ? 'poi-search dataset-card dataset-card-hidden' : 'poi-search dataset-card'} data-testid="dataset-card"
      data-dataset={dataset.id} aria-label={dataset.name}>
      <header className="poi-search-header">
        <span className="poi-search-color" style={{ background: dataset.color }} aria-hidden />
        {renaming
          ? <InlineRename value={dataset.name} label={t('datasets.card.rename')} onSave={(name) => void onChange({ name }).catch((error) => said(error, t('datasets.card.saveError')))} onDone={() => setRenaming(false)} />
          : <h3 className="poi-search-title" data-testid="dataset-name" title={dataset.name}>{dataset.name}</h3>}
        <span className="badge" data-testid="dataset-points">{t('datasets.card.points', { count: dataset.pointCount, formatted: new Intl.NumberFormat(locale).format(dataset.pointCount) })}</span>
        {canEdit && (
          <button type="button" className="icon-button poi-search-eye" aria-pressed={!entry.hidden} data-testid="dataset-toggle"
            aria-label={entry.hidden ? t('datasets.card.show') : t('datasets.card.hide')} title={entry.hidden ? t('datasets.card.show') : t('datasets.card.hide')}
            onClick={() => void onUpdate({ hidden: !entry.hidden }).catch(() => undefined)}>
            <Icon name={entry.hidden ? 'eyeOff' : 'eye'} />
          </button>
        )}
      </header>

      {!ready ? <p className="panel-note">{dataset.status === 'importing' ? t('datasets.card.importing') : t('datasets.card.failed')}</p> : (
        <>
          <div className="dataset-controls">
            <label className="dataset-control">
              <span>{t('datasets.card.method')}</span>
              <select value={method} data-testid="dataset-method" onChange={(event) => setMethod(event.target.value as AggregateMethod)}>
                {AGGREGATE_METHODS.map((entryMethod) => <option key={entryMethod} value={entryMethod}>{t(`datasets.card.methods.${entryMethod}`)}</option>)}
              </select>
            </label>
            {method !== 'count' && (
              <label className="dataset-control">
                <span>{t('datasets.card.column')}</span>
                <select value={column} data-testid="dataset-column" onChange={(event) => chooseColumn(event.target.value)}>
                  <option value="">{t('datasets.columns.choose')}</option>
                  {dataset.columns.map((name) => <option key={name} value={name}>{name}</option>)}
                </select>
              </label>
            )}
          </div>
          {method !== 'count' && !column && <p className="panel-note">{t('datasets.card.chooseColumn')}</p>}
          {areas.length === 0 ? <p className="panel-note">{t('datasets.card.noArea')}</p>
            : counts.isError || values.isError ? <p className="field-error" role="alert">{t('datasets.card.figuresError')}</p>
              : (
                <div className="analysis-table-scroll">
                  <table className="analysis-table dataset-figures" data-testid="dataset-figures" aria-busy={counts.isFetching || values.isFetching}>
                    <thead>
                      <tr>
                        <th scope="col">{t('datasets.card.area')}</th>
                        <th scope="col" className="num">{t('datasets.card.rows')}</th>
                        {withValue && <th scope="col" className="num" data-testid="dataset-value-heading">{valueHeading}</th>}
                      </tr>
                    </thead>
                    <tbody>
                      {areas.map((area, index) => {
                        const count = counts.data?.values[index];
                        const value = values.data?.values[index];
                        return (
                          <tr key={area.uuid} data-testid="dataset-figure-row" data-area={area.uuid}>
                            <th scope="row">{area.label}</th>
                            <td className="num" data-testid="dataset-figure-count" data-value={count ?? undefined}>
                              {count === undefined ? <span className="spinner spinner-small" aria-label={t('datasets.card.computing')} /> : formatAggregate(count, 'count', locale)}
                            </td>
                            {withValue && (
                              <td className="num" data-testid="dataset-figure-value" data-value={value === undefined ? undefined : String(value)}>
                                {value === undefined ? <span className="spinner spinner-small" aria-label={t('datasets.card.computing')} /> : formatAggregate(value, method, locale)}
                              </td>
                            )}
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
              )}
        </>
      )}

      <div className="poi-search-actions">
        {ready && areas.length > 0 && (
          <button type="button" className="button button-small" data-testid="dataset-export" disabled={exporting} onClick={() => void exportRows()}>
            {exporting ? t('datasets.card.exporting') : t('datasets.card.export')}
          </button>
        )}
        <span className="poi-search-tools">
          {owned && <button type="button" className="button button-small button-ghost" data-testid="dataset-rename" onClick={() => setRenaming(true)}>{t('datasets.card.rename')}</button>}
          {owned && (
            <button type="button" className="button button-small button-ghost" aria-expanded={recolouring} data-testid="dataset-recolour" onClick={() => setRecolouring(!recolouring)}>
              {t('datasets.card.colour')}
            </button>
          )}
          {canEdit && <button type="button" className="button button-small button-ghost" data-testid="dataset-remove" onClick={() => void onRemove().catch(() => undefined)}>{t('datasets.card.remove')}</button>}
          {owned && (
            <button type="button" className="button button-small button-ghost button-danger-ghost" data-testid="dataset-delete" onClick={() => setConfirming('delete')}>
              {t('datasets.card.delete')}
            </button>
          )}
        </span>
      </div>
      {recolouring && (
        <ColorField value={dataset.color} testId="dataset-colors" onChange={(color) => {
          setRecolouring(false);
          void onChange({ color }).catch((error) => said(error, t('datasets.card.saveError')));
        }} />
      )}
      {failure && <p className="form-error" role="alert">{failure}</p>}
      {confirming === 'delete' && (
        <div className="poi-confirm" role="alertdialog" aria-label={t('datasets.card.deleteConfirm', { name: dataset.name })}>
          <span>{t('datasets.card.deleteConfirm', { name: dataset.name })}</span>
          <button type="button" className="button button-small button-danger" data-testid="dataset-delete-confirm"
            onClick={() => { setConfirming(null); void onDelete().catch((error) => said(error, t('datasets.card.saveError'))); }}>{t('datasets.card.delete')}</button>
          <button type="button" className="button button-small" autoFocus onClick={() => setConfirming(null)}>{t('app.cancel')}</button>
        </div>
      )}
    </article>
  );
}
