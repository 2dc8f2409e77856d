/**
 * The offline basemap as a MapLibre style over our own vector tiles.
 *
 * It declares no `glyphs` URL: no npm package ships MapLibre glyph PBFs, and MapLibre GL (v5+)
 * draws labels with the browser's own fonts when a style has none, so labels need nothing served.
 */
import type { ExpressionSpecification, LayerSpecification, StyleSpecification } from '@maplibre/maplibre-gl-style-spec';
import { BASEMAP_MAX_ZOOM } from './basemap-tiles.js';

export const BASEMAP_SOURCE_ID = 'basemap';

/** Credits for the data the tiles are made of (Natural Earth, US Census Bureau, GeoNames). */
export const BASEMAP_ATTRIBUTION = [
  '<a href="https://www.naturalearthdata.com/" target="_blank" rel="noopener">Made with Natural Earth</a>',
  '<a href="https://www.census.gov/geographies/mapping-files.html" target="_blank" rel="noopener">US Census Bureau</a>',
  '<a href="https://www.geonames.org/" target="_blank" rel="noopener">© GeoNames (CC BY 4.0)</a>',
].join(' · ');

const FONT_REGULAR = ['Noto Sans Regular'];
const FONT_BOLD = ['Noto Sans Bold'];

const COLORS = {
  water: '#b9d3e6',
  land: '#f4f1ea',
  countryFills: ['#efe8d8', '#e4ecd9', '#eadfe6', '#dfe7ee', '#f0e3d2', '#e6e3f0'],
  countryBorder: '#8d8794',
  stateBorder: '#a8a3ad',
  countyBorder: '#cfcbd2',
  label: '#3d3a40',
  labelHalo: 'rgba(255,255,255,0.85)',
  town: '#5d5863',
};

/** Country fill by the colour index the demo build gave it (neighbours never share one). */
const countryFill: ExpressionSpecification = [
  'match', ['get', 'colorIndex'],
  ...COLORS.countryFills.slice(0, -1).flatMap((color, index) => [index, color]),
  COLORS.countryFills.at(-1)!,
] as unknown as ExpressionSpecification;

function basemapLayers(): LayerSpecification[] {
  const source = BASEMAP_SOURCE_ID;
  return [
    { id: 'background', type: 'background', paint: { 'background-color': COLORS.water } },
    { id: 'land', type: 'fill', source, 'source-layer': 'land', paint: { 'fill-color': COLORS.land } },
    { id: 'countries', type: 'fill', source, 'source-layer': 'countries', paint: { 'fill-color': countryFill, 'fill-opacity': 0.9 } },
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
        'text-field': ['get', 'name'],
        'text-font': FONT_BOLD,
        'text-size': ['interpolate', ['linear'], ['zoom'], 1, 10, 6, 15],
        'text-transform': 'uppercase',
        'text-letter-spacing': 0.08,
        'text-max-width': 7,
      },
      paint: { 'text-color': '#6b6571', 'text-halo-color': COLORS.labelHalo, 'text-halo-width': 1.2 },
    },
  ];
}

/** The complete style; `tilesUrl` is an absolute template ending in `{z}/{x}/{y}.pbf`. */
export function basemapStyle(tilesUrl: string): StyleSpecification {
  return {
    version: 8,
    name: 'Catchment offline basemap',
    sources: {
      [BASEMAP_SOURCE_ID]: {
        type: 'vector',
        tiles: [tilesUrl],
        minzoom: 0,
        maxzoom: BASEMAP_MAX_ZOOM,
        attribution: BASEMAP_ATTRIBUTION,
      },
    },
    layers: basemapLayers(),
  };
}
