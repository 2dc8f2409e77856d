import { describe, expect, it } from 'vitest';
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { BASEMAP_LAYERS } from './basemap-layers.js';
import { basemapStyle, BASEMAP_SOURCE_ID, OSM_SOURCE_ID } from './basemap-style.js';
import { PROTOMAPS_LAYERS } from './osm/classify-osm.js';

const WORLD = 'https://maps.example.org/api/basemap/tiles/{z}/{x}/{y}.pbf';
const OSM = {
  tilesUrl: 'https://maps.example.org/api/basemap/osm/{z}/{x}/{y}.pbf',
  bounds: [7.38, 43.51, 7.5, 43.75] as [number, number, number, number],
  minZoom: 0,
  maxZoom: 15,
};

const sourceLayers = (style: ReturnType<typeof basemapStyle>, source: string) =>
  style.layers.flatMap((layer) => ('source' in layer && layer.source === source && 'source-layer' in layer ? [layer['source-layer']] : []));

describe('basemapStyle', () => {
  it('is a valid MapLibre style, with the coarse world layer alone when no street-level tiles exist', () => {
    const style = basemapStyle({ worldTilesUrl: WORLD, language: 'en' });
    expect(validateStyleMin(style)).toEqual([]);
    expect(Object.keys(style.sources)).toEqual([BASEMAP_SOURCE_ID]);
    for (const name of sourceLayers(style, BASEMAP_SOURCE_ID)) expect(BASEMAP_LAYERS).toContain(name);
    expect(style.sources.basemap).toMatchObject({ type: 'vector', tiles: [WORLD] });
    expect(JSON.stringify(style.sources.basemap)).toMatch(/Natural Earth.*US Census Bureau.*GeoNames/);
  });

  it('labels countries in the map\'s language', () => {
    const countryLabel = (language: 'en' | 'fr') => {
      const layer = basemapStyle({ worldTilesUrl: WORLD, language }).layers.find((candidate) => candidate.id === 'country-labels')!;
      return (layer.layout as { 'text-field': unknown })['text-field'];
    };
    expect(countryLabel('en')).toEqual(['get', 'name']);
    expect(countryLabel('fr')).toEqual(['coalesce', ['get', 'name_fr'], ['get', 'name']]);
  });

  it('draws the street-level tiles with the Protomaps layers over the world layer, credited to OpenStreetMap', () => {
    const style = basemapStyle({ worldTilesUrl: WORLD, osm: OSM, language: 'en' });
    expect(validateStyleMin(style)).toEqual([]);
    expect(style.sources[OSM_SOURCE_ID]).toMatchObject({ type: 'vector', tiles: [OSM.tilesUrl], bounds: OSM.bounds, maxzoom: 15 });
    expect(JSON.stringify(style.sources[OSM_SOURCE_ID])).toContain('© OpenStreetMap contributors');
    // Layers of the schema: ours, and those only an operator's Protomaps archive has.
    for (const name of sourceLayers(style, OSM_SOURCE_ID)) expect([...PROTOMAPS_LAYERS, 'landcover', 'pois', 'transit']).toContain(name);
    const ids = style.layers.map((layer) => layer.id);
    // One background (the world's sea), the world's land under the streets, streets under the labels.
    expect(ids.filter((id) => id === 'background')).toHaveLength(1);
    expect(ids.indexOf('land')).toBeLessThan(ids.indexOf('earth'));
    expect(ids.indexOf('roads_minor')).toBeLessThan(ids.indexOf('places-label'));
    expect(ids.indexOf('places-label')).toBeLessThan(ids.indexOf('places_locality'));
  });

  it('asks for no sprite, no glyphs and no icon, so that nothing is fetched from another host', () => {
    const style = basemapStyle({ worldTilesUrl: WORLD, osm: OSM, language: 'fr' });
    expect(style.sprite).toBeUndefined();
    expect(style.glyphs).toBeUndefined();
    expect(JSON.stringify(style.layers)).not.toContain('icon-image');
  });

  it('labels in the language asked for', () => {
    const labels = (language: 'en' | 'fr') => JSON.stringify(basemapStyle({ worldTilesUrl: WORLD, osm: OSM, language }).layers.find((layer) => layer.id === 'places_locality'));
    expect(labels('fr')).toContain('name:fr');
    expect(labels('en')).toContain('name:en');
    expect(labels('en')).not.toContain('name:fr');
  });
});
