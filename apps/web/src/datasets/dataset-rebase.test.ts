import { describe, expect, it } from 'vitest';
import type { MapDatasetList, MapDatasetView } from '../api/datasets.js';
import { rebaseMapDatasetChange, type MapDatasetChange } from './dataset-rebase.js';

function entry(datasetId: number, fields: Partial<MapDatasetView> = {}): MapDatasetView {
  return { id: datasetId * 10, datasetId, hidden: false, operationColumn: null, addedBy: 1, dataset: {} as MapDatasetView['dataset'], ...fields };
}

const list = (...datasets: MapDatasetView[]): MapDatasetList => ({ version: 4, datasets });

describe('rebaseMapDatasetChange', () => {
  it('adds only the datasets not on the map meanwhile, and nothing when all are', () => {
    expect(rebaseMapDatasetChange(list(entry(1)), { type: 'add', datasetIds: [1, 2] })).toEqual({ type: 'add', datasetIds: [2] });
    expect(rebaseMapDatasetChange(list(entry(1), entry(2)), { type: 'add', datasetIds: [1, 2] })).toBe('done');
  });

  it('keeps hiding a dataset a colleague gave another column meanwhile, and loses it for a dataset taken off', () => {
    const hide: MapDatasetChange = { type: 'update', datasetId: 1, changes: { hidden: true } };
    expect(rebaseMapDatasetChange(list(entry(1, { operationColumn: 'sales' })), hide)).toBe(hide);
    expect(rebaseMapDatasetChange(list(entry(2)), hide)).toBe('lost');
  });

  it('needs no save for a change the list holds already or a dataset already taken off', () => {
    expect(rebaseMapDatasetChange(list(entry(1, { hidden: true })), { type: 'update', datasetId: 1, changes: { hidden: true } })).toBe('done');
    expect(rebaseMapDatasetChange(list(entry(1, { operationColumn: 'sales' })), { type: 'update', datasetId: 1, changes: { operationColumn: 'sales' } })).toBe('done');
    expect(rebaseMapDatasetChange(list(entry(2)), { type: 'remove', datasetId: 1 })).toBe('done');
    const remove: MapDatasetChange = { type: 'remove', datasetId: 1 };
    expect(rebaseMapDatasetChange(list(entry(1)), remove)).toBe(remove);
  });
});
