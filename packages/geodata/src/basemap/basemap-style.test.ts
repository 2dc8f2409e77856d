import { describe, expect, it } from 'vitest';
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { BASEMAP_LAYERS } from './basemap-layers.js';
import { basemapStyle } from './basemap-style.js';

describe('basemapStyle', () => {
  const style = basemapStyle('https://maps.example.org/api/basemap/tiles/{z}/{x}/{y}.pbf');

  it('is a valid MapLibre style', () => {
    expect(validateStyleMin(style)).toEqual([]);
  });

  it('reads only layers the tiles have', () => {
    const sourceLayers = style.layers.flatMap((layer) => ('source-layer' in layer && layer['source-layer'] ? [layer['source-layer']] : []));
    expect(sourceLayers.length).toBeGreaterThan(0);
    for (const name of sourceLayers) expect(BASEMAP_LAYERS).toContain(name);
  });

  it('points at the given tiles and credits the data', () => {
    const source = style.sources.basemap;
    expect(source).toMatchObject({ type: 'vector', tiles: ['https://maps.example.org/api/basemap/tiles/{z}/{x}/{y}.pbf'] });
    expect(JSON.stringify(source)).toMatch(/Natural Earth.*US Census Bureau.*GeoNames/);
  });
});
