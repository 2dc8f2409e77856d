/**
 * Actions on the selected areas: Merge, Subtract and Intersect (two or more), Delete, clear the
 * selection. Hovering or focusing Merge/Subtract/Intersect previews the result on the map. One
 * travel-time or road distance area selected: check a point of it (point-check-card.tsx).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { removeAreasCommand } from '../editor/command-builders.js';
import { useEditor } from '../editor/editor-context.js';
import { selectedAreas } from '../editor/editor-state.js';
import { useMapAdapter } from '../map/map-context.js';
import { combineSelected, type CombineOperation } from './combine-areas.js';
import { PointCheckCard } from './point-check-card.js';
import { pointCheckTarget } from './point-check.js';

export function SelectionBar() {
  const { t } = useTranslation();
  const editor = useEditor();
  const { state, canEdit } = editor;
  const adapter = useMapAdapter();
  const [error, setError] = useState<string | null>(null);
  const bar = useRef<HTMLDivElement>(null);
  const selection = selectedAreas(state);
  const shown = selection.length > 0;
  useEffect(() => (shown && bar.current ? reserveScrollRoom(bar.current) : undefined), [shown]);
  if (!shown) return null;

  const preview = (operation: CombineOperation | null) => {
    if (!adapter) return;
    const result = operation ? combineSelected(state, operation) : null;
    adapter.showPreview(result?.ok ? result.area.geometry as GeoJSON.Polygon | GeoJSON.MultiPolygon : null);
  };

  const combine = (operation: CombineOperation) => {
    const result = combineSelected(state, operation);
    adapter?.showPreview(null);
    if (!result.ok) {
      setError(result.reason === 'notEnoughAreas' ? null : t(result.reason));
      return;
    }
    setError(null);
    if (editor.dispatch(result.command)) editor.select([result.area.uuid]);
  };

  const canCombine = canEdit && selection.length >= 2;
  const checkTarget = selection.length === 1 ? pointCheckTarget(selection[0]!) : null;
  return (
    <div ref={bar} className="selection-bar" data-testid="selection-bar">
      <span className="selection-count">{t('layers.selectedCount', { count: selection.length })}</span>
      <div className="selection-actions">
        {canCombine && (
          <>
            <button type="button" className="button button-small" title={t('layers.mergeHint')} data-testid="merge-button"
              onClick={() => combine('union')} onMouseEnter={() => preview('union')} onMouseLeave={() => preview(null)}
              onFocus={() => preview('union')} onBlur={() => preview(null)}>
              {t('layers.merge')}
            </button>
            <button type="button" className="button button-small" title={t('layers.subtractHint')} data-testid="subtract-button"
              onClick={() => combine('difference')} onMouseEnter={() => preview('difference')} onMouseLeave={() => preview(null)}
              onFocus={() => preview('difference')} onBlur={() => preview(null)}>
              {t('layers.subtract')}
            </button>
            <button type="button" className="button button-small" title={t('layers.intersectHint')} data-testid="intersect-button"
              onClick={() => combine('intersection')} onMouseEnter={() => preview('intersection')} onMouseLeave={() => preview(null)}
              onFocus={() => preview('intersection')} onBlur={() => preview(null)}>
              {t('layers.intersect')}
            </button>
          </>
        )}
        {canEdit && (
          <button type="button" className="button button-small button-danger-ghost" data-testid="delete-selection"
            onClick={() => {
              const command = removeAreasCommand(state, state.selected);
              if (command) editor.dispatch(command);
            }}>
            {t('layers.deleteSelected')}
          </button>
        )}
        <button type="button" className="button button-small button-ghost" onClick={() => { setError(null); editor.select([]); }}>
          {t('layers.clearSelection')}
        </button>
      </div>
      {error && <p className="field-error" role="alert" data-testid="combine-error">{error}</p>}
      {checkTarget && <PointCheckCard key={checkTarget.uuid} target={checkTarget} />}
    </div>
  );
}

/**
 * The bar sticks to the bottom of the scrolling sidebar, over the list: while it shows, the
 * sidebar keeps its height as scroll padding, so what scrolls into view (a delete confirmation,
 * an item's menu, a focused control) stops above the bar instead of under it.
 */
function reserveScrollRoom(element: HTMLElement): () => void {
  const scroller = scrollParent(element);
  if (!scroller) return () => undefined;
  // The bar sticks above the sidebar's own bottom padding: that counts too.
  const inset = parseFloat(getComputedStyle(scroller).paddingBottom) || 0;
  const update = () => scroller.style.setProperty('scroll-padding-bottom', `${element.offsetHeight + inset + 8}px`);
  update();
  const observer = new ResizeObserver(update);
  observer.observe(element);
  return () => {
    observer.disconnect();
    scroller.style.removeProperty('scroll-padding-bottom');
  };
}

function scrollParent(element: HTMLElement): HTMLElement | null {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    if (/(auto|scroll)/.test(getComputedStyle(parent).overflowY)) return parent;
  }
  return null;
}
