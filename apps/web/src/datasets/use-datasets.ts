/**
 * The user's own datasets in react-query: the account's (`['datasets', clientId]`) and a map's
 * (`['map-datasets', mapId]`, with the version every write of the map's list sends), and their
 * writes. A write of the map's list refused because it changed elsewhere (409: a colleague, another
 * tab) is reconciled as the map's areas are (editor/rebased-write.ts, rules in dataset-rebase.ts):
 * the list is read again, the user's change put on top of it and saved again; a change to a dataset
 * taken off the map meanwhile is dropped and the user told. Other failures leave the list as the
 * server has it (SPEC §8, as for business searches): a plan refusal opens the plan comparison (the
 * API client does it), anything else says the datasets could not be saved and reloads. Changes made
 * elsewhere come through the real-time channel (useMapDatasetsListSync): the list is fetched again.
 */
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES, REALTIME_EVENTS } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import {
  addMapDatasets, deleteDataset, fetchDatasets, fetchMapDatasets, removeMapDataset, updateDataset, updateMapDataset,
  type ClientDatasetView, type MapDatasetList,
} from '../api/datasets.js';
import { useToasts } from '../app/toasts.js';
import { useSession } from '../auth/use-session.js';
import { useRebasedListWrite } from '../editor/use-rebased-list-write.js';
import { announcedDatasetsVersion } from '../realtime/newer-version-watch.js';
import { realtime } from '../realtime/realtime-client.js';
import { useNewerVersionRefetch } from '../realtime/use-realtime.js';
import { rebaseMapDatasetChange, type MapDatasetChange, type MapDatasetChanges } from './dataset-rebase.js';

export const accountDatasetsKey = (clientId: number) => ['datasets', clientId] as const;
export const mapDatasetsKey = (mapId: string) => ['map-datasets', mapId] as const;
/** Every map's list: a dataset renamed, recoloured or deleted changes them all. */
const allMapDatasetsKey = ['map-datasets'] as const;

/** The logged-in user's datasets, newest first. */
export function useAccountDatasets() {
  const { user } = useSession();
  return useQuery({
    queryKey: accountDatasetsKey(user?.id ?? 0),
    queryFn: ({ signal }) => fetchDatasets(user!.id, signal),
    enabled: user !== null,
    staleTime: 60_000,
  });
}

/** The datasets a saved map shows, in list order, with the version the next write sends. */
export function useMapDatasetList(mapId: string | null) {
  return useQuery({
    queryKey: mapDatasetsKey(mapId ?? ''),
    queryFn: ({ signal }) => fetchMapDatasets(mapId!, signal),
    enabled: mapId !== null,
    staleTime: 60_000,
  });
}

/**
 * Fetches the map's datasets again when its list-sync announces a datasets version newer than the
 * one shown (a colleague or another tab changed them), as often as the map itself at most; our own
 * writes take their version from the answers before the window ends, so they cost no refetch.
 */
export function useMapDatasetsListSync(mapId: string | null): void {
  const queryClient = useQueryClient();
  const key = mapDatasetsKey(mapId ?? '');
  useNewerVersionRefetch(mapId === null ? null : `datasets:${mapId}`, {
    announced: (message) => announcedDatasetsVersion(message, Number(mapId)),
    shownVersion: () => queryClient.getQueryData<MapDatasetList>(key)?.version ?? 0,
    refetch: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}

/**
 * Follows the user's imports as the server pushes them (`datasets` events): the progress of one
 * under way is written into the lists that show it, and once it is over they are read again.
 */
export function useDatasetEvents(): void {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const clientId = user?.id;
  useEffect(() => {
    if (clientId === undefined) return undefined;
    return realtime.subscribe((message) => {
      if (message.event !== REALTIME_EVENTS.datasets) return;
      const { datasetId, status, progress } = message.data;
      if (status === 'importing') {
        queryClient.setQueryData<ClientDatasetView[]>(accountDatasetsKey(clientId), (list) => list?.map((entry) => (entry.id === datasetId ? { ...entry, progress } : entry)));
        return;
      }
      void queryClient.invalidateQueries({ queryKey: accountDatasetsKey(clientId) });
      void queryClient.invalidateQueries({ queryKey: allMapDatasetsKey });
    });
  }, [clientId, queryClient]);
}

/** The writes of a map's list of datasets: add, hide or show, this map's column, take off. */
export function useMapDatasetWrites(mapId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const key = mapDatasetsKey(mapId);
  const reload = () => queryClient.invalidateQueries({ queryKey: key });
  const setList = (update: (list: MapDatasetList) => MapDatasetList) => queryClient.setQueryData<MapDatasetList>(key, (list) => (list ? update(list) : list));

  const failed = (error: unknown): never => {
    if (error instanceof ApiError && error.status === 409) {
      // Refused again after being put on top of the list read again, more than once: read it again.
      toasts.show({ message: t('datasets.conflict'), tone: 'error', durationMs: 8_000, testId: 'datasets-conflict' });
      void reload();
    } else if (!(error instanceof ApiError && error.code === ERROR_CODES.planRequired)) {
      toasts.show({ message: error instanceof ApiError && error.status < 500 ? error.message : t('datasets.saveError'), tone: 'error', durationMs: 8_000, testId: 'datasets-save-error' });
      void reload();
    }
    throw error;
  };

  /** Sends a change on top of the list as shown, reconciled after a 409 (editor/use-rebased-list-write.ts). */
  const write = useRebasedListWrite<MapDatasetList, MapDatasetChange>({
    key, fetchLatest: () => fetchMapDatasets(mapId), rebase: rebaseMapDatasetChange, failed,
    lost: { message: t('datasets.changeLost'), testId: 'datasets-change-lost' },
  });

  return {
    async add(datasetIds: number[]): Promise<void> {
      const written = await write({ type: 'add', datasetIds }, (change, at) => addMapDatasets(mapId, change.type === 'add' ? change.datasetIds : datasetIds, at));
      if (written.saved) queryClient.setQueryData<MapDatasetList>(key, written.result);
    },
    async update(datasetId: number, changes: MapDatasetChanges): Promise<void> {
      const written = await write({ type: 'update', datasetId, changes }, (_, at) => updateMapDataset(mapId, datasetId, changes, at));
      if (!written.saved) return;
      // The answer is the entry; the list's next version comes with it only on a read: read it then.
      const entry = written.result;
      setList((list) => ({ ...list, datasets: list.datasets.map((other) => (other.datasetId === datasetId ? entry : other)) }));
      await reload();
    },
    async remove(datasetId: number): Promise<void> {
      const written = await write({ type: 'remove', datasetId }, (_, at) => removeMapDataset(mapId, datasetId, at));
      if (!written.saved) return;
      setList((list) => ({ ...list, datasets: list.datasets.filter((entry) => entry.datasetId !== datasetId) }));
      await reload();
    },
  };
}

/** The writes of the user's own datasets (rename, recolour, delete), seen at once in every list that shows them. */
export function useDatasetWrites() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const clientId = user?.id ?? 0;

  /**
   * The dataset as the server now has it, in the account's list and at once in every map's; the
   * maps' lists are read again too, for the change moved their versions on (the next write sends it).
   */
  const changed = async (dataset: ClientDatasetView) => {
    queryClient.setQueryData<ClientDatasetView[]>(accountDatasetsKey(clientId), (list) => list?.map((entry) => (entry.id === dataset.id ? dataset : entry)));
    queryClient.setQueriesData<MapDatasetList>({ queryKey: allMapDatasetsKey }, (list) => (list
      ? { ...list, datasets: list.datasets.map((entry) => (entry.datasetId === dataset.id ? { ...entry, dataset } : entry)) }
      : list));
    await queryClient.invalidateQueries({ queryKey: allMapDatasetsKey });
  };

  return {
    async update(datasetId: number, changes: { name?: string; color?: string }): Promise<void> {
      await changed(await updateDataset(clientId, datasetId, changes));
    },
    async remove(datasetId: number): Promise<void> {
      await deleteDataset(clientId, datasetId);
      queryClient.setQueryData<ClientDatasetView[]>(accountDatasetsKey(clientId), (list) => list?.filter((entry) => entry.id !== datasetId));
      // Gone from every map with it: the maps' lists (and their versions) are read again.
      await queryClient.invalidateQueries({ queryKey: allMapDatasetsKey });
    },
    /** A dataset new or changed elsewhere (an import): the lists are read again. */
    async refresh(): Promise<void> {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: accountDatasetsKey(clientId) }),
        queryClient.invalidateQueries({ queryKey: allMapDatasetsKey }),
      ]);
    },
  };
}
