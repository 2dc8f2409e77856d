/**
 * How a change of the user's to a map's list of datasets applies to the list as the server has it
 * now (a colleague or another tab changed it): the rules rebased-write.ts gives rebaseChanges.
 * Datasets already on the map need no new add, one already taken off no new removal; showing,
 * hiding or choosing the column of a dataset taken off meanwhile is lost; a change the list holds
 * already is done. Pure.
 */
import type { RebaseOutcome } from '../editor/conflict-rebase.js';
import type { MapDatasetList } from '../api/datasets.js';

export interface MapDatasetChanges { hidden?: boolean; operationColumn?: string | null }

export type MapDatasetChange =
  | { type: 'add'; datasetIds: number[] }
  | { type: 'update'; datasetId: number; changes: MapDatasetChanges }
  | { type: 'remove'; datasetId: number };

export function rebaseMapDatasetChange(list: MapDatasetList, change: MapDatasetChange): RebaseOutcome<MapDatasetChange> {
  const find = (datasetId: number) => list.datasets.find((entry) => entry.datasetId === datasetId);
  switch (change.type) {
    case 'add': {
      const datasetIds = change.datasetIds.filter((datasetId) => !find(datasetId));
      return datasetIds.length > 0 ? { ...change, datasetIds } : 'done';
    }
    case 'update': {
      const entry = find(change.datasetId);
      if (!entry) return 'lost';
      const { hidden, operationColumn } = change.changes;
      const holds = (hidden === undefined || entry.hidden === hidden) && (operationColumn === undefined || entry.operationColumn === operationColumn);
      return holds ? 'done' : change;
    }
    case 'remove':
      return find(change.datasetId) ? change : 'done';
  }
}
