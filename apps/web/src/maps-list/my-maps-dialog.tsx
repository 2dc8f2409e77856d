/**
 * "My maps" (SPEC §2): the user's maps, sorted by creation or modification date either way and
 * searchable by title, with create, rename, duplicate, delete and open. Visitors are invited to
 * sign up instead. A native <dialog>: modal, focus kept inside, Escape closes.
 */
import { useEffect, useState } from 'react';
import { Link, useMatch, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAP_SORTS, type MapSort, type MapSummary } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { cloneMap, createMap, deleteMap, listMaps, renameMap } from '../api/maps.js';
import { queryKeys } from '../api/query-keys.js';
import { useToasts } from '../app/toasts.js';
import { useDebouncedValue } from '../app/use-debounced-value.js';
import { useModalDialog } from '../app/use-modal-dialog.js';
import { useSession } from '../auth/use-session.js';
import { MapListItem } from './map-list-item.js';
import { pageCount } from './page-count.js';

export const MAPS_PER_PAGE = 10;
const SEARCH_DEBOUNCE_MS = 300;

export function MyMapsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const dialog = useModalDialog(open, onClose);
  const { status } = useSession();

  return (
    <dialog {...dialog} className="dialog my-maps-dialog" data-testid="my-maps-dialog" aria-labelledby="my-maps-title">
      <div className="dialog-header">
        <h2 id="my-maps-title">{t('myMaps.title')}</h2>
        <button type="button" className="icon-button" aria-label={t('app.close')} onClick={onClose} data-testid="my-maps-close">×</button>
      </div>
      {open && (status === 'loggedIn' ? <MapsBrowser onDone={onClose} /> : status === 'visitor' ? <VisitorPrompt onDone={onClose} /> : null)}
    </dialog>
  );
}

function VisitorPrompt({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  return (
    <div className="dialog-body empty-state" data-testid="my-maps-visitor">
      <h3>{t('myMaps.visitorTitle')}</h3>
      <p>{t('myMaps.visitorText')}</p>
      <div className="card-actions">
        <Link className="button button-primary" to="/signup" onClick={onDone}>{t('header.signup')}</Link>
        <Link className="button" to="/login" onClick={onDone}>{t('header.login')}</Link>
      </div>
    </div>
  );
}

function MapsBrowser({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const currentMatch = useMatch('/map/:accessId');
  const [sortBy, setSortBy] = useState<MapSort>('-updatedAt');
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);

  // A new search or sort starts from the first page.
  useEffect(() => setPage(1), [search, sortBy]);

  const params = { sortBy, search: search || undefined, page, limit: MAPS_PER_PAGE };
  const list = useQuery({
    queryKey: queryKeys.mapsList(params),
    queryFn: ({ signal }) => listMaps(params, signal),
    placeholderData: keepPreviousData,
  });
  const pages = list.data ? pageCount(list.data.total, list.data.limit) : 1;

  // Deleting the last map of the last page leaves that page empty: step back.
  useEffect(() => {
    if (list.data && page > pages) setPage(pages);
  }, [list.data, page, pages]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.mapsLists });
  const showError = (error: unknown) => {
    if (error instanceof ApiError) toasts.show({ message: error.message, tone: 'error' });
  };
  const open = (map: Pick<MapSummary, 'accessId'>) => {
    onDone();
    navigate(`/map/${map.accessId}`);
  };

  const create = useMutation({
    mutationFn: () => createMap(),
    onSuccess: (map) => { void refresh(); open(map); },
    onError: showError,
  });
  const rename = useMutation({
    mutationFn: ({ id, title }: { id: number; title: string }) => renameMap(id, title),
    onSuccess: (map) => {
      void refresh();
      void queryClient.invalidateQueries({ queryKey: queryKeys.map(map.accessId) });
    },
    onError: showError,
  });
  const clone = useMutation({
    mutationFn: (id: number) => cloneMap(id),
    onSuccess: () => { void refresh(); toasts.show({ message: t('myMaps.cloned'), tone: 'success' }); },
    onError: showError,
  });
  const remove = useMutation({
    mutationFn: (map: MapSummary) => deleteMap(map.id),
    onSuccess: (_result, map) => {
      void refresh();
      queryClient.removeQueries({ queryKey: queryKeys.map(map.accessId) });
      toasts.show({ message: t('myMaps.deleted'), tone: 'success' });
      if (currentMatch?.params.accessId === map.accessId) {
        onDone();
        navigate('/', { replace: true });
      }
    },
    onError: showError,
  });

  return (
    <div className="dialog-body">
      <div className="maps-toolbar">
        <label className="search-field">
          <span className="visually-hidden">{t('myMaps.search')}</span>
          <input type="search" placeholder={t('myMaps.search')} aria-label={t('myMaps.search')} value={searchInput}
            onChange={(event) => setSearchInput(event.target.value)} data-testid="my-maps-search" />
        </label>
        <label className="sort-field">
          <span>{t('myMaps.sortBy')}</span>
          <select value={sortBy} onChange={(event) => setSortBy(event.target.value as MapSort)} data-testid="my-maps-sort">
            {MAP_SORTS.map((sort) => <option key={sort} value={sort}>{t(`myMaps.sort.${sort}`)}</option>)}
          </select>
        </label>
        <button type="button" className="button button-primary" onClick={() => create.mutate()} disabled={create.isPending}
          data-testid="my-maps-create">
          {create.isPending ? t('myMaps.creating') : `+ ${t('myMaps.create')}`}
        </button>
        <Link className="button" to="/generate" onClick={onDone} title={t('generate.menu')} data-testid="my-maps-generate">{t('generate.title')}</Link>
      </div>

      {list.isPending && <p className="muted list-status">{t('app.loading')}</p>}
      {list.isError && (
        <div className="list-status" role="alert">
          <p>{t('myMaps.loadError')}</p>
          <button type="button" className="button" onClick={() => void list.refetch()}>{t('app.retry')}</button>
        </div>
      )}
      {list.data && list.data.items.length === 0 && (
        <p className="empty-state" data-testid="my-maps-empty">
          {search ? t('myMaps.noMatch', { search }) : t('myMaps.empty')}
        </p>
      )}
      {list.data && list.data.items.length > 0 && (
        <ul className="maps-list" aria-busy={list.isFetching}>
          {list.data.items.map((map) => (
            <MapListItem key={map.id} map={map} current={currentMatch?.params.accessId === map.accessId}
              onOpen={() => open(map)}
              onRename={(title) => rename.mutate({ id: map.id, title })}
              onClone={() => clone.mutate(map.id)}
              onDelete={() => remove.mutate(map)} />
          ))}
        </ul>
      )}
      {list.data && pages > 1 && (
        <nav className="pager" aria-label={t('myMaps.pageOf', { page, pages })} data-testid="my-maps-pager">
          <button type="button" className="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            ‹ {t('myMaps.previousPage')}
          </button>
          <span>{t('myMaps.pageOf', { page, pages })}</span>
          <button type="button" className="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('myMaps.nextPage')} ›
          </button>
        </nav>
      )}
    </div>
  );
}
