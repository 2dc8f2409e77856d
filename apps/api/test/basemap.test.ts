import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { parseTrustProxy } from '../src/auth/trust-proxy.js';
import { buildServer } from '../src/server.js';
import { testApp } from './harness.js';

describe('GET /api/basemap/style.json', () => {
  it('is a valid MapLibre style whose tiles are served by this host', async () => {
    const { app } = await testApp();
    const response = await app.inject({ method: 'GET', url: '/api/basemap/style.json', headers: { host: 'maps.example.org:8080' } });
    expect(response.statusCode).toBe(200);
    const style = response.json();
    expect(validateStyleMin(style)).toEqual([]);
    expect(style.sources.basemap.tiles).toEqual(['http://maps.example.org:8080/api/basemap/tiles/{z}/{x}/{y}.pbf']);
    expect(style.sources.basemap.attribution).toContain('Natural Earth');
    expect(style.layers.map((layer: { id: string }) => layer.id)).toEqual(expect.arrayContaining(['background', 'land', 'countries', 'boundaries-country', 'boundaries-state', 'places-label']));
  });

  it('builds the tile address from the forwarded protocol and host behind a proxy named in TRUST_PROXY, and only then', async () => {
    const { app, ctx } = await testApp();
    const forwarded = { host: '127.0.0.1:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'catchment.example.org' };
    const tiles = async (server: typeof app) =>
      (await server.inject({ method: 'GET', url: '/api/basemap/style.json', headers: forwarded })).json().sources.basemap.tiles[0];
    // The shared test server trusts no proxy: a client cannot choose the address its tiles come from.
    expect(await tiles(app)).toBe('http://127.0.0.1:3000/api/basemap/tiles/{z}/{x}/{y}.pbf');
    const behindProxy = await buildServer({ ...ctx, config: { ...ctx.config, trustProxy: parseTrustProxy('127.0.0.1') } }, { rateLimits: false });
    try {
      expect(await tiles(behindProxy)).toBe('https://catchment.example.org/api/basemap/tiles/{z}/{x}/{y}.pbf');
    } finally {
      await behindProxy.close();
    }
  });
});

describe('GET /api/basemap/tiles/{z}/{x}/{y}.pbf', () => {
  it('serves a cacheable vector tile with the basemap layers', async () => {
    const { app } = await testApp();
    // Zoom 5 tile from the Pyrenees to the Alps (0° to 11.25° E, 41° to 48.9° N).
    const response = await app.inject({ method: 'GET', url: '/api/basemap/tiles/5/16/11.pbf' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    expect(response.headers['cache-control']).toMatch(/max-age=\d+/);
    const tile = new VectorTile(new PbfReader(response.rawPayload));
    expect(Object.keys(tile.layers)).toEqual(expect.arrayContaining(['land', 'countries', 'boundaries', 'places']));
    const countries = tile.layers.countries!;
    const names = Array.from({ length: countries.length }, (_, i) => countries.feature(i).properties.name);
    expect(names).toEqual(expect.arrayContaining(['France', 'Italy', 'Switzerland']));
  });

  it('gzips tiles for clients that accept it', async () => {
    const { app } = await testApp();
    const response = await app.inject({ method: 'GET', url: '/api/basemap/tiles/0/0/0.pbf', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    const tile = new VectorTile(new PbfReader(gunzipSync(response.rawPayload)));
    expect(tile.layers.countries!.length).toBeGreaterThan(150);
  });

  it('answers 204 for a tile with nothing on it (open ocean)', async () => {
    const { app } = await testApp();
    // Zoom 8, middle of the South Pacific.
    const response = await app.inject({ method: 'GET', url: '/api/basemap/tiles/8/10/160.pbf' });
    expect(response.statusCode).toBe(204);
    expect(response.rawPayload.length).toBe(0);
  });

  it.each([
    ['a zoom beyond the basemap', '/api/basemap/tiles/23/0/0.pbf'],
    ['a column outside the zoom grid', '/api/basemap/tiles/2/4/0.pbf'],
    ['a negative row', '/api/basemap/tiles/2/0/-1.pbf'],
    ['a word instead of a number', '/api/basemap/tiles/two/0/0.pbf'],
    ['a fractional zoom', '/api/basemap/tiles/1.5/0/0.pbf'],
  ])('rejects %s with a 400 and a translated message', async (_case, url) => {
    const { app } = await testApp();
    const response = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'fr' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
    expect(response.json().error.message).toBe('Valeur invalide');
  });
});
