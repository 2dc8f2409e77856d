/**
 * A map's datasets on the map, through the adapter: one layer per dataset shown (not hidden, its
 * import over) in its colour, following the list (added, taken off, recoloured, reordered, new
 * rows); a row clicked on the map opens its fields in a popup there.
 */
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { mapDatasetTilesUrl } from '../api/datasets.js';
import { useMapAdapter, type DatasetPoint } from '../map/map-context.js';
import { DatasetRowDetail } from './dataset-row-detail.js';
import { useMapDatasetList } from './use-datasets.js';

export function DatasetsOnMap({ mapId }: { mapId: string }) {
  const adapter = useMapAdapter();
  const list = useMapDatasetList(mapId);
  const entries = list.data?.datasets;
  // A new object for every click: the same row clicked again opens its popup again.
  const [chosen, choose] = useState<DatasetPoint | null>(null);
  const [popupContent] = useState(() => document.createElement('div'));

  useEffect(() => {
    if (!adapter) return;
    const shown = (entries ?? []).filter((entry) => !entry.hidden && entry.dataset.status === 'ready');
    adapter.showDatasets(shown.map(({ dataset }) => ({ datasetId: dataset.id, color: dataset.color, tilesUrl: mapDatasetTilesUrl(mapId, dataset) })));
  }, [adapter, mapId, entries]);

  // The datasets leave the map with it (another map, or the page).
  useEffect(() => () => adapter?.showDatasets([]), [adapter]);

  useEffect(() => adapter?.onDatasetPointClick((point) => choose({ ...point })), [adapter]);

  // A row of a dataset taken off the map, or hidden, closes.
  const chosenEntry = chosen ? entries?.find((entry) => entry.datasetId === chosen.datasetId && !entry.hidden) : undefined;
  useEffect(() => {
    if (chosen && entries && !chosenEntry) choose(null);
  }, [chosen, entries, chosenEntry]);

  useEffect(() => {
    if (!adapter || !chosen) return undefined;
    adapter.showPopup({ position: chosen.position, content: popupContent, onClose: () => choose(null) });
    return () => adapter.showPopup(null);
  }, [adapter, chosen, popupContent]);

  return chosen && chosenEntry
    ? createPortal(<DatasetRowDetail mapId={mapId} dataset={chosenEntry.dataset} itemId={chosen.itemId} name={chosen.name} />, popupContent)
    : null;
}
