/**
 * Reshaping one outline with terra-draw's select mode: its vertices are dragged, a midpoint dragged
 * or clicked adds a vertex, a right click removes one. The outline is checked with the domain's
 * validation as it changes (a crossing outline is said at once) and again on finish(): Enter or the
 * page's Save button resolve with the polygon when it is valid; Escape or cancel() resolve with null.
 */
import type { Map as MaplibreMap } from 'maplibre-gl';
import { TerraDraw, TerraDrawPolygonMode, TerraDrawSelectMode } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { validateAreaGeometry, type PolygonGeometry } from '@catchment/domain';
import { editableRing } from './outline.js';

export interface ShapeEditing {
  result: Promise<GeoJSON.Polygon | null>;
  /** Saves the outline if it is valid; otherwise says why (onRefused) and editing goes on. */
  finish(): void;
  cancel(): void;
}

export interface ShapeEditingHooks {
  /** Catalogue key of what is wrong with the outline as it is now. */
  onRefused(reasonKey: string): void;
  /** The outline is valid again. */
  onValid(): void;
}

/** Keys typed into these belong to them: Enter there does not save the outline. */
const CONTROL_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON']);

export function startShapeEditing(map: MaplibreMap, polygon: PolygonGeometry, color: string, hooks: ShapeEditingHooks): ShapeEditing {
  const draw = new TerraDraw({
    adapter: new TerraDrawMapLibreGLAdapter({ map, prefixId: 'catchment-edit' }),
    modes: [
      // Holds the outline as a polygon-mode feature; the user never draws with it here.
      new TerraDrawPolygonMode({ editable: false }),
      new TerraDrawSelectMode({
        allowManualDeselection: false,
        keyEvents: { deselect: null, delete: null, rotate: null, scale: null },
        flags: {
          // Crossing outlines are allowed while dragging so the user sees the message, not a stuck point.
          polygon: { feature: { draggable: false, selfIntersectable: true, coordinates: { draggable: true, midpoints: true, deletable: true } } },
        },
        styles: {
          selectedPolygonColor: color as `#${string}`,
          selectedPolygonFillOpacity: 0.25,
          selectedPolygonOutlineColor: color as `#${string}`,
          selectedPolygonOutlineWidth: 3,
          selectionPointColor: '#ffffff',
          selectionPointOutlineColor: '#1f2937',
          selectionPointWidth: 5,
          selectionPointOutlineWidth: 2,
          midPointColor: color as `#${string}`,
          midPointOutlineColor: '#ffffff',
          midPointWidth: 4,
          midPointOutlineWidth: 1,
        },
      }),
    ],
  });
  const doubleClickZoom = map.doubleClickZoom.isEnabled();
  map.doubleClickZoom.disable();
  draw.start();
  const id = draw.getFeatureId();
  const [added] = draw.addFeatures([{ id, type: 'Feature', geometry: editableRing(polygon), properties: { mode: 'polygon' } }]);

  let settle: (value: GeoJSON.Polygon | null) => void = () => {};
  const result = new Promise<GeoJSON.Polygon | null>((resolve) => { settle = resolve; });
  let done = false;
  // Checked once per frame while a vertex is dragged: a large outline is not re-checked at every mouse move.
  let frame: number | null = null;
  const end = (value: GeoJSON.Polygon | null) => {
    if (done) return;
    done = true;
    document.removeEventListener('keydown', onKeyDown, true);
    if (frame !== null) cancelAnimationFrame(frame);
    draw.stop();
    if (doubleClickZoom) map.doubleClickZoom.enable();
    settle(value);
  };

  const current = (): PolygonGeometry | null => {
    const feature = draw.getSnapshotFeature(id);
    if (!feature || feature.geometry.type !== 'Polygon') return null;
    return { type: 'Polygon', coordinates: feature.geometry.coordinates as PolygonGeometry['coordinates'] };
  };

  /** Checks the outline; true when it may be saved. */
  const check = (): PolygonGeometry | null => {
    const outline = current();
    if (!outline) return null;
    const validation = validateAreaGeometry(outline);
    if (validation.valid) {
      hooks.onValid();
      return outline;
    }
    hooks.onRefused(validation.reason);
    return null;
  };

  const finish = () => {
    if (done) return;
    const outline = check();
    if (outline) end(outline);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      end(null);
    } else if (event.key === 'Enter' && !(event.target instanceof HTMLElement && CONTROL_TAGS.has(event.target.tagName))) {
      event.preventDefault();
      event.stopPropagation();
      finish();
    }
  };
  document.addEventListener('keydown', onKeyDown, true);

  draw.on('change', (ids, type) => {
    if (type !== 'update' || !ids.includes(id) || frame !== null) return;
    frame = requestAnimationFrame(() => {
      frame = null;
      if (!done) check();
    });
  });

  if (!added?.valid) {
    // Not an outline terra-draw can edit (should not happen for a checked area): nothing to save.
    end(null);
  } else {
    draw.selectFeature(id);
  }
  return { result, finish, cancel: () => end(null) };
}
