/**
 * The "How to call" example of the integrations page: a business count (POST
 * /Appkeys/{key}/business, SPEC §7) as a curl command a user pastes into a terminal. It counts the
 * restaurants in a small square inside the extent of one of the server's catalogues, so that the
 * command answers real figures as copied; a server without any catalogue gets central Paris in
 * the French OpenStreetMap catalogue, which the user's own server may import.
 */
import type { PoiCatalogue, PolygonGeometry } from '@catchment/domain';

/** What the example counts: a catalogue, categories of the tree, and one polygon. */
export interface BusinessCountExample {
  datasetName: string;
  categories: string[];
  polygon: PolygonGeometry;
}

/** Half the side of the example's square at most, in degrees (about 5 km at mid-latitudes). */
const MAX_HALF_SIDE_DEGREES = 0.05;
/** Degrees kept in the example's coordinates (about 10 m), so that the command stays short. */
const COORDINATE_DECIMALS = 4;
const EXAMPLE_CATEGORIES = ['food.restaurant'];
/** Châtelet, Paris. */
const FALLBACK_CENTRE: [number, number] = [2.347, 48.8585];
const FALLBACK_HALF_SIDE_DEGREES = 0.01;

const rounded = (degrees: number) => Number(degrees.toFixed(COORDINATE_DECIMALS));

/** A square around a centre, as a closed GeoJSON ring (counter-clockwise). */
function squareAround([longitude, latitude]: [number, number], halfLongitude: number, halfLatitude: number): PolygonGeometry {
  const [west, east] = [rounded(longitude - halfLongitude), rounded(longitude + halfLongitude)];
  const [south, north] = [rounded(latitude - halfLatitude), rounded(latitude + halfLatitude)];
  return { type: 'Polygon', coordinates: [[[west, south], [east, south], [east, north], [west, north], [west, south]]] };
}

/**
 * The example over the catalogue with the most positioned items (the one a user most likely
 * means): a square at the centre of its extent, a quarter of the extent wide, 0.1° at most.
 */
export function businessCountExampleFor(catalogues: readonly PoiCatalogue[]): BusinessCountExample {
  const placed = catalogues.filter((catalogue) => catalogue.bbox !== null && catalogue.positioned > 0);
  const chosen = placed.reduce<PoiCatalogue | undefined>((best, catalogue) => (!best || catalogue.positioned > best.positioned ? catalogue : best), undefined);
  if (!chosen?.bbox) {
    return { datasetName: 'fr_osm_poi', categories: EXAMPLE_CATEGORIES, polygon: squareAround(FALLBACK_CENTRE, FALLBACK_HALF_SIDE_DEGREES, FALLBACK_HALF_SIDE_DEGREES) };
  }
  const [west, south, east, north] = chosen.bbox;
  const centre: [number, number] = [(west + east) / 2, (south + north) / 2];
  const half = (extent: number) => Math.min(MAX_HALF_SIDE_DEGREES, extent / 8);
  return { datasetName: chosen.name, categories: EXAMPLE_CATEGORIES, polygon: squareAround(centre, half(east - west), half(north - south)) };
}

/** Text as one single-quoted shell word: nothing inside is interpreted, a quote included. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The curl command of the example, for a key, on the app at `origin` (e.g. https://app.example). */
export function businessCountCurl(origin: string, key: string, example: BusinessCountExample): string {
  const url = `${origin.replace(/\/+$/, '')}/api/Appkeys/${encodeURIComponent(key)}/business`;
  const body = { search: { datasetName: example.datasetName, categories: example.categories }, polygons: [example.polygon] };
  return [
    `curl -X POST ${shellQuote(url)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d ${shellQuote(JSON.stringify(body))}`,
  ].join('\n');
}
