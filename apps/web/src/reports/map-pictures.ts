/**
 * The map picture of each area of a report: one MapLibre map, off the page, framed on each area in
 * turn (the others drawn too, fainter, for context), read back as a PNG once every tile is drawn.
 * One map for all the pictures: a browser gives a page only so many WebGL contexts (16 in Chromium),
 * fewer than a report's areas, and each costs tens of megabytes.
 */
import { Map as MaplibreMap, type ErrorEvent, type GeoJSONSource, type LngLatBoundsLike, type StyleSpecification } from 'maplibre-gl';
import { MAP_STYLE, polygonsOf, type AreaGeometry, type Locale } from '@catchment/domain';
import '../map/maplibre-setup.js';

export const MAP_PICTURE_SIZE = { width: 720, height: 420 } as const;

export interface PicturedArea { id: string; color: string; geometry: AreaGeometry }

const SOURCE = 'report-areas';

/** [west, south, east, north] of a geometry's outer rings. */
export function boundsOf(geometry: AreaGeometry): [number, number, number, number] {
  let west = Infinity; let south = Infinity; let east = -Infinity; let north = -Infinity;
  for (const polygon of polygonsOf(geometry)) {
    for (const [lng, lat] of polygon[0] ?? []) {
      west = Math.min(west, lng); east = Math.max(east, lng);
      south = Math.min(south, lat); north = Math.max(north, lat);
    }
  }
  return [west, south, east, north];
}

/** The style the pictures are drawn on: the operator's, else this server's basemap in the report's language. */
export function pictureStyleUrl(operatorStyle: string | null, locale: Locale): string {
  return operatorStyle ?? `${window.location.origin}/api/basemap/style.json?lang=${locale}`;
}

/** PNG data URLs by area id, in the areas' order; `onPicture` is told after each. */
export async function drawMapPictures(areas: readonly PicturedArea[], styleUrl: string | StyleSpecification, onPicture: (done: number) => void = () => {}): Promise<Map<string, string>> {
  const container = document.createElement('div');
  // Off the page but laid out (a hidden element has no size, and MapLibre would draw nothing).
  Object.assign(container.style, { position: 'absolute', left: '-10000px', top: '0', width: `${MAP_PICTURE_SIZE.width}px`, height: `${MAP_PICTURE_SIZE.height}px` });
  document.body.append(container);
  const map = new MaplibreMap({
    container, style: styleUrl, interactive: false, attributionControl: false, fadeDuration: 0,
    pixelRatio: 2, canvasContextAttributes: { preserveDrawingBuffer: true },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      map.once('load', () => resolve());
      map.once('error', (event: ErrorEvent) => reject(event.error instanceof Error ? event.error : new Error('The map style could not be loaded')));
    });
    map.addSource(SOURCE, { type: 'geojson', data: featuresOf(areas, null) });
    map.addLayer({ id: `${SOURCE}-fill`, type: 'fill', source: SOURCE, paint: { 'fill-color': ['get', 'color'], 'fill-opacity': ['case', ['get', 'focus'], MAP_STYLE.fillOpacity * 1.5, 0.06] } });
    map.addLayer({
      id: `${SOURCE}-line`, type: 'line', source: SOURCE, layout: { 'line-join': 'round' },
      paint: { 'line-color': ['get', 'color'], 'line-width': ['case', ['get', 'focus'], MAP_STYLE.selectedWeight, 1], 'line-opacity': ['case', ['get', 'focus'], 1, 0.5] },
    });
    const pictures = new Map<string, string>();
    for (const area of areas) {
      (map.getSource(SOURCE) as GeoJSONSource).setData(featuresOf(areas, area.id));
      const [west, south, east, north] = boundsOf(area.geometry);
      map.fitBounds([[west, south], [east, north]] as LngLatBoundsLike, { padding: 36, animate: false, maxZoom: 16 });
      await idle(map);
      pictures.set(area.id, map.getCanvas().toDataURL('image/png'));
      onPicture(pictures.size);
    }
    return pictures;
  } finally {
    map.remove();
    container.remove();
  }
}

function featuresOf(areas: readonly PicturedArea[], focus: string | null): GeoJSON.FeatureCollection {
  // The area in focus last, so that it is drawn over its neighbours.
  const ordered = [...areas.filter((area) => area.id !== focus), ...areas.filter((area) => area.id === focus)];
  return {
    type: 'FeatureCollection',
    features: ordered.map((area) => ({ type: 'Feature', properties: { color: area.color, focus: area.id === focus }, geometry: area.geometry as GeoJSON.Geometry })),
  };
}

/** Once everything in view is loaded and drawn. */
function idle(map: MaplibreMap): Promise<void> {
  return new Promise((resolve) => {
    map.once('idle', () => resolve());
    map.triggerRepaint();
  });
}
