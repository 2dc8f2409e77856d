/**
 * The basemap's vector-tile layers and the properties their features carry. The demo build
 * writes them, the tile cutter serves them and the style draws them: one vocabulary for all three.
 */
import type { Feature, FeatureCollection, LineString, MultiLineString, MultiPolygon, Point, Polygon } from 'geojson';

export const BASEMAP_LAYERS = ['land', 'countries', 'boundaries', 'country_labels', 'places'] as const;
export type BasemapLayerName = (typeof BASEMAP_LAYERS)[number];

/** Every feature may say from which zoom it is shown; the tile cutter leaves it out of smaller zooms. */
export interface ZoomedProperties { minZoom: number }

export interface CountryProperties extends ZoomedProperties {
  name: string;
  /** 0–5, different for any two neighbours, so that adjacent countries get different fills. */
  colorIndex: number;
}

/** Administrative levels as OpenStreetMap numbers them: 2 country, 4 state or region, 6 county or département. */
export type AdminLevel = 2 | 4 | 6;
export interface BoundaryProperties extends ZoomedProperties { adminLevel: AdminLevel }

export interface CountryLabelProperties extends ZoomedProperties {
  /** English (Natural Earth's). */
  name: string;
  /** French, where the country has an ISO code. */
  name_fr?: string;
}

export interface PlaceProperties extends ZoomedProperties {
  name: string;
  population: number;
  /** 1 for a national capital. */
  capital: 0 | 1;
}

export interface BasemapLayers {
  land: FeatureCollection<Polygon | MultiPolygon, ZoomedProperties>;
  countries: FeatureCollection<Polygon | MultiPolygon, CountryProperties>;
  boundaries: FeatureCollection<LineString | MultiLineString, BoundaryProperties>;
  country_labels: FeatureCollection<Point, CountryLabelProperties>;
  places: FeatureCollection<Point, PlaceProperties>;
}

export function featureCollection<G extends Feature['geometry'], P>(features: Feature<G, P>[]): FeatureCollection<G, P> {
  return { type: 'FeatureCollection', features };
}
