/**
 * A map's business searches in react-query, and their writes (create, update, delete, move), each
 * sent with the list's version and taking the next one from the answer. A write refused because the
 * list changed elsewhere (409: a colleague, another tab) is reconciled as the map's areas are
 * (editor/rebased-write.ts, rules in search-rebase.ts): the list is read again, the user's change
 * put on top of it and saved again; a change to a search deleted meanwhile is dropped and the user
 * told. Other failures (SPEC §8): the free plan's limit opens the limit popup; a plan refusal opens
 * the plan comparison (the API client does it); a refusal of the editor's fields stays with the
 * editor; anything else says the searches could not be saved and reloads them. Changes made
 * elsewhere come through the real-time channel: the list is fetched again.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import {
  createSearch, deleteSearch, fetchCatalogues, fetchSearches, orderSearch, updateSearch, type Search, type SearchFields, type SearchList,
} from '../api/searches.js';
import { useToasts } from '../app/toasts.js';
import { useRebasedListWrite } from '../editor/use-rebased-list-write.js';
import { announcedSearchesVersion } from '../realtime/newer-version-watch.js';
import { useNewerVersionRefetch } from '../realtime/use-realtime.js';
import { rebaseSearchChange, searchFields, type SearchChange } from './search-rebase.js';
import { useSearchesView } from './searches-view.js';

export const searchesKey = (mapId: string) => ['searches', mapId] as const;
export const cataloguesKey = ['poi-catalogues'] as const;

/** The searches of a saved map, in list order, with the version the next write sends. */
export function useSearchList(mapId: string | null) {
  return useQuery({
    queryKey: searchesKey(mapId ?? ''),
    queryFn: ({ signal }) => fetchSearches(mapId!, signal),
    enabled: mapId !== null,
    staleTime: 60_000,
  });
}

/**
 * Fetches the list again when the map's list-sync announces a searches version newer than the one
 * the list has (changed elsewhere), as often as the map itself at most. Our own writes take their
 * version from the answers before the throttle's window ends, so they cost no refetch. The map
 * screen follows the map (realtime/map-list-sync.tsx).
 */
export function useSearchesListSync(mapId: string | null): void {
  const queryClient = useQueryClient();
  const key = searchesKey(mapId ?? '');
  useNewerVersionRefetch(mapId, {
    announced: (message) => announcedSearchesVersion(message, Number(mapId)),
    shownVersion: () => queryClient.getQueryData<SearchList>(key)?.version ?? 0,
    refetch: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** The POI catalogues the server has imported (public: the editor needs them before any account). */
export function useCatalogues() {
  return useQuery({ queryKey: cataloguesKey, queryFn: ({ signal }) => fetchCatalogues(signal), staleTime: 5 * 60_000 });
}

/** The searches limit of a SEARCH_LIMIT_REACHED refusal; null for any other failure. */
function searchLimitOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== ERROR_CODES.searchLimitReached) return null;
  const max = (error.details as { maxSearches?: unknown } | undefined)?.maxSearches;
  return typeof max === 'number' ? max : 1;
}

/** Whether a write was refused for the free plan's searches used up. */
export function isSearchLimit(error: unknown): boolean {
  return searchLimitOf(error) !== null;
}

/** A refusal of what the editor sent (a field the server names): the editor shows it, nothing to reload. */
export function isFieldRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 400 || error.status === 422);
}

export function useSearchWrites(mapId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const view = useSearchesView();
  const key = searchesKey(mapId);
  const current = () => queryClient.getQueryData<SearchList>(key);
  const reload = () => queryClient.invalidateQueries({ queryKey: key });

  /** Keeps the list as the server answered, with the version it moved to. */
  const setList = (update: (list: SearchList) => SearchList) => queryClient.setQueryData<SearchList>(key, (list) => (list ? update(list) : list));
  const withSearch = (search: Search) => setList((list) => ({
    version: search.version,
    searches: list.searches.some((entry) => entry.id === search.id)
      ? list.searches.map((entry) => (entry.id === search.id ? search : entry))
      : [...list.searches, search],
  }));

  /** Handles a failed write as SPEC §8 says; rethrows what the editor shows (its fields refused). */
  const failed = (error: unknown): never => {
    if (error instanceof ApiError && error.status === 409) {
      // Refused again after being put on top of the list read again, more than once: read it again.
      toasts.show({ message: t('poi.conflict'), tone: 'error', durationMs: 8_000, testId: 'searches-conflict' });
      void reload();
    } else if (searchLimitOf(error) !== null) {
      view.showLimit(searchLimitOf(error)!);
    } else if (error instanceof ApiError && error.code === ERROR_CODES.planRequired) {
      // The plans dialog opens on the plan the server named (api/plan-required.ts).
    } else if (!isFieldRefusal(error)) {
      toasts.show({ message: t('poi.saveError'), tone: 'error', durationMs: 8_000, testId: 'searches-save-error' });
      void reload();
    }
    throw error;
  };

  /** Sends a change on top of the list as shown, reconciled after a 409 (editor/use-rebased-list-write.ts). */
  const write = useRebasedListWrite<SearchList, SearchChange>({
    key, fetchLatest: () => fetchSearches(mapId), rebase: rebaseSearchChange, failed,
    lost: { message: t('poi.changeLost'), testId: 'searches-change-lost' },
  });

  return {
    async create(fields: SearchFields): Promise<Search> {
      const written = await write({ type: 'create', fields }, (_, at) => createSearch(mapId, fields, at));
      if (!written.saved) throw new Error('a new search is always sent');
      const search = written.result;
      withSearch(search);
      view.searchCreated();
      return search;
    },
    /** `base`: the search as the user opened it (only the fields changed from it are saved over a colleague's). */
    async update(searchId: number, fields: SearchFields, base?: Search): Promise<Search> {
      const opened = base ?? current()?.searches.find((entry) => entry.id === searchId);
      const change: SearchChange = { type: 'update', searchId, before: opened ? searchFields(opened) : fields, after: fields };
      const written = await write(change, (rebased, at) => updateSearch(mapId, searchId, rebased.type === 'update' ? rebased.after : fields, at));
      if (!written.saved) return current()!.searches.find((entry) => entry.id === searchId)!;
      withSearch(written.result);
      return written.result;
    },
    async remove(searchId: number): Promise<void> {
      const written = await write({ type: 'remove', searchId }, (_, at) => deleteSearch(mapId, searchId, at));
      if (!written.saved) return;
      // The answer has no body: the next version comes with the list, read again before the next write.
      setList((list) => ({ ...list, searches: list.searches.filter((entry) => entry.id !== searchId) }));
      await reload();
    },
    async move(searchId: number, referenceSearchId: number, before: boolean): Promise<void> {
      const written = await write({ type: 'move', searchId, referenceSearchId, before }, (_, at) => orderSearch(mapId, searchId, { referenceSearchId, before }, at));
      if (written.saved) queryClient.setQueryData<SearchList>(key, written.result);
    },
  };
}
