/**
 * One search in the POI tab: its colour and name, how many of its businesses each area holds (an
 * estimate, said so, when establishments known only by their IRIS count by share), the list of
 * those in the selected area, and its actions: show or hide on the map, edit, move up or down
 * (or drag), delete (confirmed), and the XLSX export of the area's businesses, locked below the
 * plan that includes it and blocked above POI_EXPORT_MAX_ITEMS with a word on narrowing the search.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FEATURES, POI_EXPORT_MAX_ITEMS, SEARCH_COUNT_MAX_POLYGONS, type Area } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { countSearch, downloadSearchReport, filterKey, type Search } from '../api/searches.js';
import { saveFile } from '../app/save-file.js';
import { useLocale } from '../i18n/index.js';
import { Icon } from '../panels/icons.js';
import { LockedButton } from '../plans/plan-lock.js';
import { usePlanAccess } from '../plans/use-plan-access.js';
import { SearchItems } from './search-items.js';
import { searchTitle } from './search-title.js';
import { useSearchesView } from './searches-view.js';

export interface SearchCardProps {
  mapId: string;
  search: Search;
  /** The catalogue's country (the export's feature is `poi:{country}`). */
  country: string;
  area: Area | null;
  /** The visible areas the counts are given for, the selected one first. */
  areas: Area[];
  first: boolean;
  last: boolean;
  /** False on a map the user may not change: no moving, editing or deleting. */
  editable: boolean;
  onEdit(): void;
  onDelete(): Promise<void>;
  onMove(step: -1 | 1): void;
}

export function SearchCard({ mapId, search, country, area, areas, first, last, editable, onEdit, onDelete, onMove }: SearchCardProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const access = usePlanAccess();
  const { hidden, toggleHidden } = useSearchesView();
  const [listOpen, setListOpen] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const title = searchTitle(search, locale) ?? t('poi.untitled');
  const isHidden = hidden.has(search.id);
  const counted = areas.filter((entry) => entry.hash !== '').slice(0, SEARCH_COUNT_MAX_POLYGONS);
  const counts = useQuery({
    queryKey: ['search-counts', mapId, search.id, filterKey(search), counted.map((entry) => `${entry.uuid}:${entry.hash}`)],
    queryFn: ({ signal }) => countSearch(mapId, search.id, counted.map((entry) => entry.geometry), signal),
    enabled: counted.length > 0,
    staleTime: 60_000,
  });
  const format = (value: number) => new Intl.NumberFormat(locale).format(value);
  const areaIndex = area ? counted.findIndex((entry) => entry.uuid === area.uuid) : -1;
  const areaCount = areaIndex >= 0 ? counts.data?.counts[areaIndex] : undefined;
  const areaEstimated = areaIndex >= 0 ? counts.data?.estimated[areaIndex] ?? false : false;
  const exportLock = access?.lockOf(FEATURES.poi(country)) ?? null;
  const tooLarge = areaCount !== undefined && areaCount > POI_EXPORT_MAX_ITEMS;

  const exportItems = async () => {
    if (!area) return;
    setExporting(true);
    setExportError(null);
    try {
      const { blob, filename } = await downloadSearchReport(mapId, search.id, [area.uuid]);
      saveFile(blob, filename);
    } catch (error) {
      // A plan refusal opens the plan comparison (api/plan-required.ts) and says so here too.
      setExportError(error instanceof ApiError && error.status < 500 ? error.message : t('poi.exportError'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <article className={isHidden ? 'poi-search poi-search-hidden' : 'poi-search'} data-testid="poi-search" data-search={search.id} aria-label={title}>
      <header className="poi-search-header">
        <span className="poi-search-color" style={{ background: search.color }} aria-hidden />
        <h3 className="poi-search-title" data-testid="poi-search-title" title={title}>{title}</h3>
        <button type="button" className="icon-button poi-search-eye" aria-pressed={!isHidden} data-testid="poi-search-toggle"
          aria-label={isHidden ? t('poi.show') : t('poi.hide')} title={isHidden ? t('poi.show') : t('poi.hide')} onClick={() => toggleHidden(search.id)}>
          <Icon name={isHidden ? 'eyeOff' : 'eye'} />
        </button>
      </header>

      {!area ? <p className="panel-note">{t('poi.noArea')}</p> : (
        <div className="poi-search-count" data-testid="poi-search-count-line">
          {counts.isError ? <span className="field-error" role="alert">{t('poi.countError')}</span>
            : areaCount === undefined ? <span className="panel-note analysis-loading" role="status"><span className="spinner spinner-small" aria-hidden />{t('poi.counting')}</span>
              : (
                <>
                  <strong className="poi-count" data-testid="poi-search-count" data-count={areaCount} data-estimated={areaEstimated}>
                    {areaEstimated ? '≈ ' : ''}{t('poi.count', { count: areaCount, formatted: format(areaCount) })}
                  </strong>
                  {areaEstimated && <span className="badge" title={t('poi.estimateNote')}>{t('poi.estimate')}</span>}
                </>
              )}
        </div>
      )}
      {areaEstimated && <p className="panel-note poi-estimate-note" data-testid="poi-estimate-note">{t('poi.estimateNote')}</p>}
      {counts.data && counted.length > 1 && (
        <table className="analysis-table poi-area-counts" data-testid="poi-area-counts">
          <tbody>
            {counted.map((entry, index) => (
              <tr key={entry.uuid} data-area={entry.uuid}>
                <th scope="row">{entry.label}</th>
                <td className="num">{counts.data.estimated[index] ? '≈ ' : ''}{format(counts.data.counts[index] ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <div className="poi-search-actions">
        {area && (
          <button type="button" className="button button-small" aria-expanded={listOpen} data-testid="poi-search-list" onClick={() => setListOpen(!listOpen)}>
            {listOpen ? t('poi.hideList') : t('poi.showList')}
          </button>
        )}
        {area && (exportLock
          ? <LockedButton feature={FEATURES.poi(country)} plan={exportLock} testId="poi-search-export">{t('poi.export')}</LockedButton>
          : (
            <button type="button" className="button button-small" data-testid="poi-search-export" disabled={exporting || tooLarge || area.hash === '' || access === null}
              aria-describedby={tooLarge ? `poi-too-large-${search.id}` : undefined} onClick={() => void exportItems()}>
              {exporting ? t('poi.exporting') : t('poi.export')}
            </button>
          ))}
        {editable && <span className="poi-search-tools">
          <button type="button" className="icon-button" aria-label={t('poi.moveUp')} title={t('poi.moveUp')} disabled={first} data-testid="poi-search-up" onClick={() => onMove(-1)}><Icon name="up" /></button>
          <button type="button" className="icon-button" aria-label={t('poi.moveDown')} title={t('poi.moveDown')} disabled={last} data-testid="poi-search-down" onClick={() => onMove(1)}><Icon name="down" /></button>
          <button type="button" className="button button-small button-ghost" data-testid="poi-search-edit" onClick={onEdit}>{t('poi.edit')}</button>
          <button type="button" className="button button-small button-ghost button-danger-ghost" data-testid="poi-search-delete" onClick={() => setConfirmingDelete(true)}>
            {t('poi.delete')}
          </button>
        </span>}
      </div>
      {tooLarge && <p className="panel-note" id={`poi-too-large-${search.id}`} data-testid="poi-export-too-large">{t('poi.exportTooLarge', { max: format(POI_EXPORT_MAX_ITEMS) })}</p>}
      {exportError && <p className="form-error" role="alert">{exportError}</p>}
      {confirmingDelete && (
        <div className="poi-confirm" role="alertdialog" aria-label={t('poi.deleteConfirm', { name: title })}>
          <span>{t('poi.deleteConfirm', { name: title })}</span>
          <button type="button" className="button button-small button-danger" data-testid="poi-search-delete-confirm"
            onClick={() => { setConfirmingDelete(false); void onDelete().catch(() => undefined); }}>{t('poi.delete')}</button>
          <button type="button" className="button button-small" autoFocus onClick={() => setConfirmingDelete(false)}>{t('app.cancel')}</button>
        </div>
      )}
      {listOpen && area && area.hash !== '' && <SearchItems mapId={mapId} search={search} area={area} />}
    </article>
  );
}

