/**
 * The points-of-interest tab of the analysis panel (SPEC §2, tab 2): the map's business searches,
 * each with its count in the areas, its businesses and its export (search-card.tsx), in the
 * map's order (moved with the arrows or by dragging); "New search" opens the editor on the
 * catalogue of the area's country. Shown without an area too (the counts then wait for one), and
 * to visitors, whose save asks them to sign up. A free user's second search meets the limit popup
 * before the editor opens (and the server's refusal opens it too).
 */
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueCountry, type Country } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import type { Search, SearchFields } from '../api/searches.js';
import type { AnalysisTarget } from '../analysis/analysis-panel.js';
import { areaCentre } from '../analysis/analysis-country.js';
import { useEditor } from '../editor/editor-context.js';
import { ChangeLostError } from '../editor/rebased-write.js';
import { useMapAdapter } from '../map/map-context.js';
import { Icon } from '../panels/icons.js';
import { usePlanAccess } from '../plans/use-plan-access.js';
import { defaultCatalogue } from './default-catalogue.js';
import { newSearchGate } from './new-search-gate.js';
import { SearchCard } from './search-card.js';
import { nextSearchColor } from './search-color.js';
import { SearchEditor } from './search-editor.js';
import { useSearchesView } from './searches-view.js';
import { isSearchLimit, useCatalogues, useSearchList, useSearchWrites } from './use-searches.js';
import './searches.css';

/** The editor open on a new search (null) or on one of the list. */
interface Editing { search: Search | null }

export function PoiTab({ target, country }: { target: AnalysisTarget; country: Country }) {
  const { t } = useTranslation();
  const { mapId, area } = target;
  const view = useSearchesView();
  const access = usePlanAccess();
  const adapter = useMapAdapter();
  const list = useSearchList(mapId);
  const catalogues = useCatalogues();
  const writes = useSearchWrites(mapId ?? '');
  const [editing, setEditing] = useState<Editing | null>(null);
  // Someone signed in on a map they are not a member of (SPEC §6) reads its searches and changes
  // none: "Read only", with why, where the buttons would be. A visitor is asked to sign up instead.
  const { canEdit } = useEditor();
  const readOnly = mapId !== null && !canEdit && !access?.visitor;
  const readOnlyBadge = <span className="badge" title={t('editor.readOnly')} data-testid="poi-read-only">{t('layers.readOnly')}</span>;
  const [dragged, setDragged] = useState<number | null>(null);
  const searches = list.data?.searches ?? [];
  const where = area ? areaCentre(area.geometry) : adapter?.viewCenter() ?? null;
  const fallbackCatalogue = defaultCatalogue(catalogues.data ?? [], where, country);
  const areas = area ? [area, ...target.areas.filter((other) => other.uuid !== area.uuid)] : [];

  const newSearch = () => {
    if (access) {
      const gate = newSearchGate(access, fallbackCatalogue?.country ?? country, searches.length);
      if (gate === 'limit') {
        view.showLimit(access.plan.maxSearches ?? 1);
        return;
      }
    }
    setEditing({ search: null });
  };

  const save = async (fields: SearchFields) => {
    // A visitor's own map is not saved, and a public map is written by its owner and members only.
    if (mapId === null || access?.visitor) {
      view.askSignup();
      return;
    }
    try {
      if (editing?.search) await writes.update(editing.search.id, fields, editing.search);
      else await writes.create(fields);
      setEditing(null);
    } catch (error) {
      // The list was reloaded (a conflict), the search was deleted meanwhile or the limit popup
      // opened: the editor gives way to them.
      if (isSearchLimit(error) || error instanceof ChangeLostError || (error instanceof ApiError && error.status === 409)) setEditing(null);
      throw error;
    }
  };

  const move = (index: number, step: -1 | 1) => {
    const search = searches[index];
    const reference = searches[index + step];
    if (search && reference) void writes.move(search.id, reference.id, step < 0).catch(() => undefined);
  };

  // Dragging a search onto another puts it before that one (or after, in its lower half).
  const onDrop = (event: DragEvent<HTMLLIElement>, reference: Search) => {
    event.preventDefault();
    setDragged(null);
    if (dragged === null || dragged === reference.id) return;
    const box = event.currentTarget.getBoundingClientRect();
    const before = event.clientY < box.top + box.height / 2;
    void writes.move(dragged, reference.id, before).catch(() => undefined);
  };

  const editor = editing && (
    <SearchEditor
      mapId={mapId}
      search={editing.search}
      catalogues={catalogues.data ?? []}
      cataloguesFailed={catalogues.isError}
      defaultCatalogue={fallbackCatalogue?.name ?? ''}
      defaultColor={nextSearchColor(searches.map((search) => search.color))}
      area={area}
      onSave={save}
      onClose={() => setEditing(null)}
    />
  );

  if (mapId !== null && list.isPending) return <p className="panel-note analysis-loading" role="status"><span className="spinner" aria-hidden />{t('poi.loading')}</p>;
  if (list.isError) {
    return (
      <div className="poi-tab">
        <p className="form-error" role="alert" data-testid="poi-load-error">{t('poi.loadError')}</p>
        <button type="button" className="button button-small" onClick={() => void list.refetch()}>{t('app.retry')}</button>
      </div>
    );
  }

  if (searches.length === 0) {
    return (
      <div className="poi-tab poi-empty" data-testid="poi-empty">
        <h3 className="poi-empty-title">{t('poi.emptyTitle')}</h3>
        <p>{t('poi.emptyText')}</p>
        <div>
          {readOnly ? readOnlyBadge : <button type="button" className="button button-primary" data-testid="poi-new-search" onClick={newSearch}><Icon name="plus" />{t('poi.newSearch')}</button>}
        </div>
        {editor}
      </div>
    );
  }

  return (
    <div className="poi-tab" data-testid="poi-tab">
      <div className="poi-toolbar">
        <h3 className="poi-toolbar-title">{t('poi.searches')}</h3>
        {readOnly ? readOnlyBadge : <button type="button" className="button button-small button-primary" data-testid="poi-new-search" onClick={newSearch}><Icon name="plus" />{t('poi.newSearch')}</button>}
      </div>
      <ol className="poi-search-list" data-testid="poi-searches">
        {searches.map((search, index) => (
          <li key={search.id} className={dragged === search.id ? 'poi-search-item poi-search-dragged' : 'poi-search-item'}
            draggable={!readOnly} onDragStart={(event) => { event.dataTransfer.effectAllowed = 'move'; setDragged(search.id); }}
            onDragEnd={() => setDragged(null)} onDragOver={(event) => { if (dragged !== null) event.preventDefault(); }} onDrop={(event) => onDrop(event, search)}>
            <SearchCard
              mapId={mapId!}
              search={search}
              country={catalogueCountry(search.datasetName)}
              area={area}
              areas={areas}
              first={index === 0}
              last={index === searches.length - 1}
              editable={!readOnly}
              onEdit={() => setEditing({ search })}
              onDelete={() => writes.remove(search.id)}
              onMove={(step) => move(index, step)}
            />
          </li>
        ))}
      </ol>
      {editor}
    </div>
  );
}
