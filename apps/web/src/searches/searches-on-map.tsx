/**
 * A map's business searches on the map, through the adapter: one layer per search in its colour,
 * following the list (added, removed, recoloured, reordered) and the searches hidden in the POI
 * tab. A business chosen in a list is ringed and the map flies to it; one clicked on the map is
 * ringed and its detail opens in a popup there.
 */
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { searchTilesUrl } from '../api/searches.js';
import { useMapAdapter } from '../map/map-context.js';
import { ItemDetail } from './item-detail.js';
import { useSearchesView } from './searches-view.js';
import { useSearchList } from './use-searches.js';

/** How close the map comes to a business chosen in a list. */
const CHOSEN_ITEM_ZOOM = 16;

/** How much of the map's right side the analysis panel covers (the list the business was chosen in), in pixels. */
function widthCoveredByAnalysis(): number {
  const map = document.querySelector('[data-testid="map"]')?.getBoundingClientRect();
  const panel = document.querySelector('[data-testid="analysis-panel"]')?.getBoundingClientRect();
  if (!map || !panel || panel.left <= map.left) return 0;
  return Math.max(0, map.right - panel.left);
}

export function SearchesOnMap({ mapId }: { mapId: string }) {
  const adapter = useMapAdapter();
  const { hidden, chosen, choose } = useSearchesView();
  const list = useSearchList(mapId);
  const searches = list.data?.searches;
  const [popupContent] = useState(() => document.createElement('div'));

  useEffect(() => {
    if (!adapter) return undefined;
    const shown = (searches ?? []).filter((search) => !hidden.has(search.id));
    adapter.showSearches(shown.map((search) => ({ searchId: search.id, color: search.color, tilesUrl: searchTilesUrl(mapId, search) })));
    return undefined;
  }, [adapter, mapId, searches, hidden]);

  // The searches leave the map with it (another map, or the page).
  useEffect(() => () => adapter?.showSearches([]), [adapter]);

  useEffect(() => {
    if (!adapter) return undefined;
    return adapter.onSearchPointClick((point) => choose({ searchId: point.searchId, itemId: point.itemId, position: point.position, from: 'map' }));
  }, [adapter, choose]);

  // A chosen business of a search that was deleted or hidden is forgotten.
  const chosenSearch = chosen ? searches?.find((search) => search.id === chosen.searchId) : undefined;
  const chosenShown = chosen !== null && chosenSearch !== undefined && !hidden.has(chosen.searchId);
  useEffect(() => {
    if (chosen && searches && !chosenShown) choose(null);
  }, [chosen, searches, chosenShown, choose]);

  const position = chosenShown ? chosen.position : null;
  const color = chosenSearch?.color;
  useEffect(() => {
    if (!adapter) return undefined;
    adapter.highlightPoint(position, color);
    return () => adapter.highlightPoint(null);
  }, [adapter, position, color]);

  const from = chosen?.from;
  useEffect(() => {
    if (adapter && position && from === 'list') adapter.flyTo(position, CHOSEN_ITEM_ZOOM, { right: widthCoveredByAnalysis() });
  }, [adapter, position, from]);

  const popupOpen = adapter !== null && position !== null && from === 'map';
  useEffect(() => {
    if (!adapter || !popupOpen || !position) return undefined;
    adapter.showPopup({ position, content: popupContent, onClose: () => choose(null) });
    return () => adapter.showPopup(null);
  }, [adapter, popupOpen, position, popupContent, choose]);

  return popupOpen && chosen
    ? createPortal(<ItemDetail mapId={mapId} searchId={chosen.searchId} itemId={chosen.itemId} inPopup />, popupContent)
    : null;
}
