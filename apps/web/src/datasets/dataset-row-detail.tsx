/**
 * One row of a dataset on the map (GET …/datasets/{datasetId}/{itemId}), in the map's popup: its
 * name (the label the map shows), its cells by column (blank ones left out), and how it was placed.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchMapDatasetItem, type ClientDatasetView } from '../api/datasets.js';

interface DatasetRowDetailProps {
  mapId: string;
  dataset: Pick<ClientDatasetView, 'id' | 'name' | 'color' | 'version'>;
  itemId: number;
  /** The row's label on the map (its name column, else its first). */
  name: string;
}

export function DatasetRowDetail({ mapId, dataset, itemId, name }: DatasetRowDetailProps) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['map-dataset-item', mapId, dataset.id, dataset.version, itemId],
    queryFn: ({ signal }) => fetchMapDatasetItem(mapId, dataset.id, itemId, signal),
    staleTime: 5 * 60_000,
  });
  return (
    <div className="dataset-row" data-testid="dataset-row" data-item={itemId}>
      <p className="dataset-row-source"><span className="dataset-swatch" style={{ background: dataset.color }} aria-hidden />{dataset.name}</p>
      <h4 className="dataset-row-name" data-testid="dataset-row-name">{name || t('datasets.row.unnamed')}</h4>
      {query.isPending ? <p className="panel-note analysis-loading" role="status"><span className="spinner spinner-small" aria-hidden />{t('app.loading')}</p>
        : query.isError ? <p className="form-error" role="alert">{t('datasets.row.loadError')}</p>
          : (
            <>
              <dl className="dataset-row-fields">
                {Object.entries(query.data.fields).filter(([, value]) => value.trim() !== '').map(([column, value]) => (
                  <div key={column} className="dataset-row-field" data-testid="dataset-row-field" data-column={column}>
                    <dt>{column}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
              {query.data.precision && <p className="panel-note dataset-row-precision">{t(`datasets.row.placed.${query.data.precision}`)}</p>}
            </>
          )}
    </div>
  );
}
