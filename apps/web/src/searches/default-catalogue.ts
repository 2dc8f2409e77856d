/**
 * The catalogue a new business search starts on: the one of the country the area lies in. Its
 * OpenStreetMap catalogue is named by the ISO country of its points (`ad_osm_poi`), which the
 * analysis panel's data country does not say (Andorra is "rest of the world" there): the catalogue
 * whose extent holds the area's centre is taken, OpenStreetMap before SIRENE (which has the
 * positioned points a map shows), else the one of the analysis country, else the first.
 */
export interface CatalogueChoice {
  name: string;
  country: string;
  source: 'osm' | 'sirene';
  /** [west, south, east, north]; null when nothing in it has a position. */
  bbox: readonly [number, number, number, number] | null;
}

function holds(bbox: CatalogueChoice['bbox'], [lng, lat]: readonly [number, number]): boolean {
  return bbox !== null && lng >= bbox[0] && lng <= bbox[2] && lat >= bbox[1] && lat <= bbox[3];
}

/** The catalogue to offer first; null when none is imported. */
export function defaultCatalogue<T extends CatalogueChoice>(catalogues: readonly T[], where: readonly [number, number] | null, country: string): T | null {
  const bySource = (list: readonly T[]) => list.find((entry) => entry.source === 'osm') ?? list[0];
  const around = where ? catalogues.filter((entry) => holds(entry.bbox, where)) : [];
  return bySource(around) ?? bySource(catalogues.filter((entry) => entry.country === country)) ?? catalogues[0] ?? null;
}
