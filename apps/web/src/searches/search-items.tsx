/**
 * The businesses of a search inside the selected area, a page at a time (positioned ones first, by
 * name; those known only by their IRIS after, with the share of their IRIS inside). Choosing one
 * flies the map to it and rings it, and opens its detail under it.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Area } from '@catchment/domain';
import { fetchSearchItems, type Search } from '../api/searches.js';
import { formatShare } from '../analysis/number-format.js';
import { useLocale } from '../i18n/index.js';
import { ItemDetail } from './item-detail.js';
import { mostPreciseCategories } from './item-categories.js';
import { categoryName } from './search-title.js';
import { useSearchesView } from './searches-view.js';

export const ITEMS_PAGE_SIZE = 50;

export function SearchItems({ mapId, search, area }: { mapId: string; search: Search; area: Area }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { chosen, choose } = useSearchesView();
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['search-items', mapId, search.id, search.datasetName, search.categories, search.names, search.nafCodes, search.headcounts, area.uuid, area.hash, page, locale],
    queryFn: ({ signal }) => fetchSearchItems(mapId, search.id, area.uuid, page, ITEMS_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  if (query.isPending) return <p className="panel-note analysis-loading" role="status"><span className="spinner" aria-hidden />{t('app.loading')}</p>;
  if (query.isError) return <p className="form-error" role="alert">{t('poi.loadError')}</p>;
  const { items, total } = query.data;
  const pages = Math.max(1, Math.ceil(total / ITEMS_PAGE_SIZE));
  if (items.length === 0) return <p className="panel-note" data-testid="poi-items-empty">{t('poi.list.empty')}</p>;
  const chosenHere = chosen?.searchId === search.id ? chosen.itemId : null;

  return (
    <div className="poi-items" data-testid="poi-items" aria-busy={query.isFetching}>
      <ol className="poi-item-list" start={(page - 1) * ITEMS_PAGE_SIZE + 1}>
        {items.map((item) => {
          const open = chosenHere === item.id;
          const categories = mostPreciseCategories(item.categories).map((category) => categoryName(category, locale)).join(', ');
          return (
            <li key={item.id} className={open ? 'poi-item poi-item-chosen' : 'poi-item'} data-testid="poi-item" data-item={item.id}>
              <button type="button" className="poi-item-button" aria-expanded={open}
                onClick={() => choose(open ? null : { searchId: search.id, itemId: item.id, position: item.position, from: 'list' })}>
                <span className="poi-item-name" data-testid="poi-item-name">{item.name ?? t('poi.list.unnamed')}</span>
                {categories && <span className="poi-item-category">{categories}</span>}
                {item.address && <span className="poi-item-address">{item.address}</span>}
                {!item.position && typeof item.share === 'number' && (
                  <span className="poi-item-iris">{t('poi.list.byIris', { share: formatShare(item.share, locale) })}</span>
                )}
              </button>
              {open && <ItemDetail mapId={mapId} searchId={search.id} itemId={item.id} />}
            </li>
          );
        })}
      </ol>
      {pages > 1 && (
        <nav className="poi-pages" aria-label={t('poi.list.title')}>
          <button type="button" className="button button-small" disabled={page <= 1} data-testid="poi-items-previous" onClick={() => setPage(page - 1)}>
            {t('poi.list.previous')}
          </button>
          <span data-testid="poi-items-page">{t('poi.list.page', { page, pages })}</span>
          <button type="button" className="button button-small" disabled={page >= pages} data-testid="poi-items-next" onClick={() => setPage(page + 1)}>
            {t('poi.list.next')}
          </button>
        </nav>
      )}
    </div>
  );
}
