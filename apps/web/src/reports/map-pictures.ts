/**
 * The map picture of each area of a report: one MapLibre map, off the page, framed on each area in
 * turn (the others drawn too, fainter, for context), read back as a PNG once every tile is drawn;
 * and the picture of a whole map, every area framed together.
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

/** PNG data URLs by area id, in the areas' order, each area framed in turn; `onPicture` is told after each. */
export async function drawMapPictures(areas: readonly PicturedArea[], styleUrl: string | StyleSpecification, onPicture: (done: number) => void = () => {}): Promise<Map<string, string>> {
  return withPictureMap(MAP_PICTURE_SIZE, styleUrl, areas, async (frame) => {
    const pictures = new Map<string, string>();
    for (const area of areas) {
      pictures.set(area.id, await frame(area.id, area.geometry));
      onPicture(pictures.size);
    }
    return pictures;
  });
}

/**
 * One PNG data URL of all the areas framed together, at `size` (the map's picture), credited to its
 * data's sources in a corner, as the map on screen is (a picture leaves the app without its footer).
 */
export async function drawMapPicture(areas: readonly PicturedArea[], styleUrl: string | StyleSpecification, size: { width: number; height: number }): Promise<string> {
  return withPictureMap(size, styleUrl, areas, (frame, credits) => frame(null, null).then((picture) => withCredits(picture, credits())));
}

type Frame = (focus: string | null, bounds: AreaGeometry | null) => Promise<string>;

/** The style's sources' attributions as plain text ("© OpenStreetMap contributors | …"). */
function creditsOf(map: MaplibreMap): string {
  const texts = Object.values(map.getStyle().sources).map((source) => ('attribution' in source ? source.attribution : undefined)).filter((text): text is string => !!text);
  const plain = texts.map((text) => new DOMParser().parseFromString(text, 'text/html').body.textContent?.trim() ?? '').filter(Boolean);
  return [...new Set(plain)].join(' | ');
}

/** The picture with `credits` on a light band in its bottom right corner. */
async function withCredits(picture: string, credits: string): Promise<string> {
  if (!credits) return picture;
  const image = new Image();
  image.src = picture;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext('2d')!;
  context.drawImage(image, 0, 0);
  const scale = image.width / 1000;
  context.font = `${Math.max(11, Math.round(11 * scale))}px sans-serif`;
  const padding = Math.round(5 * scale);
  const width = context.measureText(credits).width + padding * 2;
  const height = Math.round(20 * scale);
  context.fillStyle = 'rgba(255, 255, 255, 0.8)';
  context.fillRect(canvas.width - width, canvas.height - height, width, height);
  context.fillStyle = '#334155';
  context.textBaseline = 'middle';
  context.fillText(credits, canvas.width - width + padding, canvas.height - height / 2);
  return canvas.toDataURL('image/png');
}

/** A map off the page with the areas on it, and a function that frames it and reads it back; removed after. */
async function withPictureMap<T>(size: { width: number; height: number }, styleUrl: string | StyleSpecification, areas: readonly PicturedArea[], use: (frame: Frame, credits: () => string) => Promise<T>): Promise<T> {
  const container = document.createElement('div');
  // Off the page but laid out (a hidden element has no size, and MapLibre would draw nothing).
  Object.assign(container.style, { position: 'absolute', left: '-10000px', top: '0', width: `${size.width}px`, height: `${size.height}px` });
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
    // Without a focus every area is drawn as the app draws it; with one, the others fade.
    map.addLayer({ id: `${SOURCE}-fill`, type: 'fill', source: SOURCE, paint: { 'fill-color': ['get', 'color'], 'fill-opacity': ['case', ['get', 'faded'], 0.06, MAP_STYLE.fillOpacity * 1.5] } });
    map.addLayer({
      id: `${SOURCE}-line`, type: 'line', source: SOURCE, layout: { 'line-join': 'round' },
      paint: { 'line-color': ['get', 'color'], 'line-width': ['case', ['get', 'faded'], 1, MAP_STYLE.selectedWeight], 'line-opacity': ['case', ['get', 'faded'], 0.5, 1] },
    });
    return await use(async (focus, framed) => {
      (map.getSource(SOURCE) as GeoJSONSource).setData(featuresOf(areas, focus));
      const [west, south, east, north] = framed ? boundsOf(framed) : unionBounds(areas);
      map.fitBounds([[west, south], [east, north]] as LngLatBoundsLike, { padding: 36, animate: false, maxZoom: 16 });
      await idle(map);
      return map.getCanvas().toDataURL('image/png');
    }, () => creditsOf(map));
  } finally {
    map.remove();
    container.remove();
  }
}

function unionBounds(areas: readonly PicturedArea[]): [number, number, number, number] {
  const all = areas.map((area) => boundsOf(area.geometry));
  if (all.length === 0) return [-10, 35, 30, 60];
  return [Math.min(...all.map((b) => b[0])), Math.min(...all.map((b) => b[1])), Math.max(...all.map((b) => b[2])), Math.max(...all.map((b) => b[3]))];
}

function featuresOf(areas: readonly PicturedArea[], focus: string | null): GeoJSON.FeatureCollection {
  // The area in focus last, so that it is drawn over its neighbours.
  const ordered = [...areas.filter((area) => area.id !== focus), ...areas.filter((area) => area.id === focus)];
  return {
    type: 'FeatureCollection',
    features: ordered.map((area) => ({ type: 'Feature', properties: { color: area.color, faded: focus !== null && area.id !== focus }, geometry: area.geometry as GeoJSON.Geometry })),
  };
}

/** Once everything in view is loaded and drawn. */
function idle(map: MaplibreMap): Promise<void> {
  return new Promise((resolve) => {
    map.once('idle', () => resolve());
    map.triggerRepaint();
  });
}
