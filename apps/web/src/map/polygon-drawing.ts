/**
 * One polygon drawn with terra-draw: resolves with the polygon, or null when cancelled. A polygon
 * that the domain rules refuse (e.g. crossing itself) is wiped and the user draws again; the
 * reason goes to onRefused so it can be shown.
 */
import type { Map as MaplibreMap } from 'maplibre-gl';
import { TerraDraw, TerraDrawPolygonMode } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { validateAreaGeometry, type PolygonGeometry } from '@catchment/domain';

const DRAW_COLOR = '#2563eb';

export interface PolygonDrawing {
  result: Promise<GeoJSON.Polygon | null>;
  cancel(): void;
}

export interface PolygonDrawingHooks {
  onRefused(reasonKey: string): void;
  onRestart(): void;
}

export function startPolygonDrawing(map: MaplibreMap, hooks: PolygonDrawingHooks): PolygonDrawing {
  const draw = new TerraDraw({
    adapter: new TerraDrawMapLibreGLAdapter({ map, prefixId: 'catchment-draw' }),
    modes: [
      new TerraDrawPolygonMode({
        // Escape is ours (it must also end the promise); Enter finishes as terra-draw does.
        keyEvents: { cancel: null, finish: 'Enter' },
        editable: false,
        styles: {
          fillColor: DRAW_COLOR,
          fillOpacity: 0.2,
          outlineColor: DRAW_COLOR,
          outlineWidth: 2,
          closingPointColor: '#ffffff',
          closingPointOutlineColor: DRAW_COLOR,
          closingPointWidth: 5,
          closingPointOutlineWidth: 2,
        },
      }),
    ],
  });
  const doubleClickZoom = map.doubleClickZoom.isEnabled();
  map.doubleClickZoom.disable();
  draw.start();
  draw.setMode('polygon');

  let settle: (value: GeoJSON.Polygon | null) => void = () => {};
  const result = new Promise<GeoJSON.Polygon | null>((resolve) => { settle = resolve; });
  let done = false;

  const finish = (value: GeoJSON.Polygon | null) => {
    if (done) return;
    done = true;
    document.removeEventListener('keydown', onKeyDown, true);
    draw.stop();
    if (doubleClickZoom) map.doubleClickZoom.enable();
    settle(value);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    finish(null);
  };
  document.addEventListener('keydown', onKeyDown, true);

  draw.on('finish', (id) => {
    const feature = draw.getSnapshotFeature(id);
    if (!feature || feature.geometry.type !== 'Polygon') return;
    const polygon: PolygonGeometry = { type: 'Polygon', coordinates: feature.geometry.coordinates as PolygonGeometry['coordinates'] };
    const validation = validateAreaGeometry(polygon);
    if (validation.valid) {
      finish(polygon);
      return;
    }
    // Let terra-draw finish its own bookkeeping before the refused shape is wiped.
    setTimeout(() => {
      if (done) return;
      draw.clear();
      draw.setMode('polygon');
    }, 0);
    hooks.onRefused(validation.reason);
  });
  draw.on('change', (_ids, type) => {
    if (type === 'create') hooks.onRestart();
  });

  return { result, cancel: () => finish(null) };
}
