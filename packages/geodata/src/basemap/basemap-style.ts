/**
 * The basemap as a MapLibre style over two of our vector-tile sources:
 * - `basemap`, the coarse world layer of the demo data (land, boundaries, places; Natural Earth
 *   and friends), drawn everywhere, in the colours of the Protomaps "light" flavour;
 * - `protomaps`, street-level OpenStreetMap tiles in the Protomaps basemap schema (the regions
 *   imported with `npm run data -- import osm`, or the operator's Protomaps archive), styled by
 *   @protomaps/basemaps in the user's language, on top where it has tiles: its land and sea
 *   cover the coarse layer inside each region, so the coast there is OpenStreetMap's.
 *
 * No `glyphs` URL: MapLibre GL (v5+) draws labels with the browser's own fonts when a style has
 * none, so nothing is fetched from another host. No sprite either (no npm package ships the
 * Protomaps sprites): the few icons the Protomaps layers ask for are taken out, their text kept.
 */
import type { LayerSpecification, SourceSpecification, StyleSpecification } from '@maplibre/maplibre-gl-style-spec';
import { layers as protomapsLayers, namedFlavor } from '@protomaps/basemaps';
import { BASEMAP_MAX_ZOOM } from './basemap-tiles.js';
import { OSM_ATTRIBUTION } from './osm/build-region-basemap.js';

export const BASEMAP_SOURCE_ID = 'basemap';
export const OSM_SOURCE_ID = 'protomaps';

/** Label languages: the app's. */
export const BASEMAP_LANGUAGES = ['en', 'fr'] as const;
export type BasemapLanguage = (typeof BASEMAP_LANGUAGES)[number];

/** Credits for the data the tiles are made of (Natural Earth, US Census Bureau, GeoNames). */
export const BASEMAP_ATTRIBUTION = [
  '<a href="https://www.naturalearthdata.com/" target="_blank" rel="noopener">Made with Natural Earth</a>',
  '<a href="https://www.census.gov/geographies/mapping-files.html" target="_blank" rel="noopener">US Census Bureau</a>',
  '<a href="https://www.geonames.org/" target="_blank" rel="noopener">© GeoNames (CC BY 4.0)</a>',
].join(' · ');

const FLAVOR = namedFlavor('light');

const FONT_REGULAR = ['Noto Sans Regular'];
const FONT_BOLD = ['Noto Sans Bold'];

/** The coarse layer in the flavour's colours, so that it joins the street-level tiles without a seam. */
const COLORS = {
  water: FLAVOR.water,
  land: FLAVOR.earth,
  countryBorder: '#9e9e9e',
  stateBorder: FLAVOR.boundaries,
  countyBorder: '#cfcfcf',
  label: FLAVOR.city_label,
  labelHalo: FLAVOR.city_label_halo,
  town: '#8c8c8c',
};

/** The coarse world layer's fills and lines, under the street-level tiles. */
function worldBaseLayers(): LayerSpecification[] {
  const source = BASEMAP_SOURCE_ID;
  return [
    { id: 'background', type: 'background', paint: { 'background-color': COLORS.water } },
    { id: 'land', type: 'fill', source, 'source-layer': 'land', paint: { 'fill-color': COLORS.land } },
    {
      id: 'boundaries-county', type: 'line', source, 'source-layer': 'boundaries', minzoom: 5,
      filter: ['==', ['get', 'adminLevel'], 6],
      paint: { 'line-color': COLORS.countyBorder, 'line-width': ['interpolate', ['linear'], ['zoom'], 5, 0.3, 10, 1] },
    },
    {
      id: 'boundaries-state', type: 'line', source, 'source-layer': 'boundaries', minzoom: 2,
      filter: ['==', ['get', 'adminLevel'], 4],
      layout: { 'line-join': 'round' },
      paint: { 'line-color': COLORS.stateBorder, 'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.5, 10, 1.6], 'line-dasharray': [3, 2] },
    },
    {
      id: 'boundaries-country', type: 'line', source, 'source-layer': 'boundaries',
      filter: ['==', ['get', 'adminLevel'], 2],
      layout: { 'line-join': 'round' },
      paint: { 'line-color': COLORS.countryBorder, 'line-width': ['interpolate', ['linear'], ['zoom'], 0, 0.6, 10, 2.2] },
    },
  ];
}

/**
 * The coarse world layer's labels, above the street-level fills (a region's land would otherwise
 * hide them) and below its labels, which MapLibre places first and so win where both collide.
 */
function worldLabelLayers(language: BasemapLanguage): LayerSpecification[] {
  const source = BASEMAP_SOURCE_ID;
  return [
    {
      id: 'places-dot', type: 'circle', source, 'source-layer': 'places',
      paint: {
        'circle-color': COLORS.town,
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 2, 1.5, 10, 3.5],
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 0.8,
      },
    },
    {
      id: 'places-label', type: 'symbol', source, 'source-layer': 'places',
      layout: {
        'text-field': ['get', 'name'],
        'text-font': FONT_REGULAR,
        'text-size': ['interpolate', ['linear'], ['get', 'population'], 1000, 11, 1_000_000, 14, 10_000_000, 16],
        'text-anchor': 'top',
        'text-offset': [0, 0.4],
        'text-max-width': 8,
        // Bigger towns win when labels collide.
        'symbol-sort-key': ['-', 0, ['get', 'population']],
      },
      paint: { 'text-color': COLORS.label, 'text-halo-color': COLORS.labelHalo, 'text-halo-width': 1.2 },
    },
    {
      id: 'country-labels', type: 'symbol', source, 'source-layer': 'country_labels', maxzoom: 7,
      layout: {
        // Natural Earth names are English; the demo build adds each country's French name.
        'text-field': language === 'en' ? ['get', 'name'] : ['coalesce', ['get', `name_${language}`], ['get', 'name']],
        'text-font': FONT_BOLD,
        'text-size': ['interpolate', ['linear'], ['zoom'], 1, 10, 6, 15],
        'text-transform': 'uppercase',
        'text-letter-spacing': 0.08,
        'text-max-width': 7,
      },
      paint: { 'text-color': FLAVOR.country_label, 'text-halo-color': COLORS.labelHalo, 'text-halo-width': 1.2 },
    },
  ];
}

/** The street-level source: where its archives are, up to which zoom, and whose data it is. */
export interface OsmSourceOptions {
  tilesUrl: string;
  bounds: [number, number, number, number];
  minZoom: number;
  maxZoom: number;
  attribution?: string;
}

export interface BasemapStyleOptions {
  /** Absolute template of the coarse world tiles, ending in `{z}/{x}/{y}.pbf`. */
  worldTilesUrl: string;
  /** The street-level tiles; absent when no region is imported and no archive is configured. */
  osm?: OsmSourceOptions;
  language: BasemapLanguage;
}

/** The Protomaps layers without their background (the coarse layer is below) and without icons (no sprite). */
function streetLayers(language: BasemapLanguage): { base: LayerSpecification[]; labels: LayerSpecification[] } {
  const withoutIcons = (layer: LayerSpecification): LayerSpecification[] => {
    if (!('layout' in layer) || !layer.layout || !('icon-image' in layer.layout)) return [layer];
    // A layer that is only an icon (one-way arrows) goes; others keep their text.
    if (!('text-field' in layer.layout)) return [];
    const layout = Object.fromEntries(Object.entries(layer.layout).filter(([key]) => !key.startsWith('icon-')));
    return [{ ...layer, layout } as LayerSpecification];
  };
  const base = protomapsLayers(OSM_SOURCE_ID, FLAVOR).filter((layer) => layer.type !== 'background').flatMap(withoutIcons);
  const labels = protomapsLayers(OSM_SOURCE_ID, FLAVOR, { labelsOnly: true, lang: language })
    // Road shields are drawn on an icon: without it the bare number reads as noise.
    .filter((layer) => layer.id !== 'roads_shields')
    .flatMap(withoutIcons);
  return { base, labels };
}

export function basemapStyle({ worldTilesUrl, osm, language }: BasemapStyleOptions): StyleSpecification {
  const sources: Record<string, SourceSpecification> = {
    [BASEMAP_SOURCE_ID]: {
      type: 'vector',
      tiles: [worldTilesUrl],
      minzoom: 0,
      maxzoom: BASEMAP_MAX_ZOOM,
      attribution: BASEMAP_ATTRIBUTION,
    },
  };
  const street = osm ? streetLayers(language) : { base: [], labels: [] };
  if (osm) {
    sources[OSM_SOURCE_ID] = {
      type: 'vector',
      tiles: [osm.tilesUrl],
      bounds: osm.bounds,
      minzoom: osm.minZoom,
      maxzoom: osm.maxZoom,
      attribution: osm.attribution ?? OSM_ATTRIBUTION,
    };
  }
  return {
    version: 8,
    name: 'Catchment basemap',
    sources,
    layers: [...worldBaseLayers(), ...street.base, ...worldLabelLayers(language), ...street.labels],
  };
}
