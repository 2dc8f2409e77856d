/**
 * One business of a search (GET …/searches/{searchId}/{itemId}): its name and category, address,
 * opening hours, website and brand, and for SIRENE establishments the activity (NAF) and headcount
 * with their labels in the user's language; one known only by its IRIS says so.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchSearchItem } from '../api/searches.js';
import { useLocale } from '../i18n/index.js';
import { categoryName, nafDisplay } from './search-title.js';
import { mostPreciseCategories } from './item-categories.js';

interface ItemDetailProps {
  mapId: string;
  searchId: number;
  itemId: number;
  /** Shown in the map's popup, named; in the list the item's own line names it. */
  inPopup?: boolean;
}

/** A website as a link: the address given, with https:// when it has no scheme. */
function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

export function ItemDetail({ mapId, searchId, itemId, inPopup = false }: ItemDetailProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const query = useQuery({
    queryKey: ['search-item', mapId, searchId, itemId, locale],
    queryFn: ({ signal }) => fetchSearchItem(mapId, searchId, itemId, signal),
    staleTime: 5 * 60_000,
  });
  if (query.isPending) return <p className="panel-note analysis-loading" role="status"><span className="spinner" aria-hidden />{t('app.loading')}</p>;
  if (query.isError) return <p className="form-error" role="alert">{t('poi.detail.loadError')}</p>;
  const item = query.data;
  const categories = mostPreciseCategories(item.categories).map((category) => categoryName(category, locale));
  const rows: [label: string, value: React.ReactNode, testId: string][] = [];
  if (inPopup && categories.length > 0) rows.push([t('poi.detail.category'), categories.join(', '), 'poi-detail-category']);
  if (item.address) rows.push([t('poi.detail.address'), item.address, 'poi-detail-address']);
  if (item.openingHours) rows.push([t('poi.detail.openingHours'), item.openingHours, 'poi-detail-hours']);
  if (item.website) {
    rows.push([t('poi.detail.website'), <a href={websiteHref(item.website)} target="_blank" rel="noopener noreferrer">{item.website}</a>, 'poi-detail-website']);
  }
  if (item.brand) rows.push([t('poi.detail.brand'), item.brand, 'poi-detail-brand']);
  if (item.naf) rows.push([t('poi.detail.naf'), `${nafDisplay(item.naf)}${item.nafLabel ? ` – ${item.nafLabel}` : ''}`, 'poi-detail-naf']);
  if (item.headcount) rows.push([t('poi.detail.headcount'), item.headcountLabel ?? item.headcount, 'poi-detail-headcount']);
  return (
    <div className={inPopup ? 'poi-detail poi-detail-popup' : 'poi-detail'} data-testid="poi-detail" data-item={item.id}>
      {inPopup && <h4 className="poi-detail-name" data-testid="poi-detail-name">{item.name ?? t('poi.list.unnamed')}</h4>}
      {rows.length > 0 && <dl className="poi-detail-rows">
        {rows.map(([label, value, testId]) => (
          <div key={testId} className="poi-detail-row" data-testid={testId}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>}
      {!item.position && item.iris && <p className="panel-note">{t('poi.detail.byIris', { iris: item.iris })}</p>}
      {rows.length === 0 && item.position && <p className="panel-note">{t('poi.detail.nothingMore')}</p>}
    </div>
  );
}
