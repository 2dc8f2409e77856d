import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { parseTrustProxy } from '../src/auth/trust-proxy.js';
import { buildServer } from '../src/server.js';
import { testApp } from './harness.js';
import { REPOSITORY_ROOT } from './api-process.js';

describe('GET /api/basemap/style.json', () => {
  it('is a valid MapLibre style whose tiles are served by this host', async () => {
    const { app } = await testApp();
    const response = await app.inject({ method: 'GET', url: '/api/basemap/style.json', headers: { host: 'maps.example.org:8080' } });
    expect(response.statusCode).toBe(200);
    const style = response.json();
    expect(validateStyleMin(style)).toEqual([]);
    expect(style.sources.basemap.tiles).toEqual(['http://maps.example.org:8080/api/basemap/tiles/{z}/{x}/{y}.pbf']);
    expect(style.sources.basemap.attribution).toContain('Natural Earth');
    expect(style.layers.map((layer: { id: string }) => layer.id)).toEqual(expect.arrayContaining(['background', 'land', 'boundaries-country', 'boundaries-state', 'places-label']));
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

const run = promisify(execFile);
/** A scratch data folder of this file's own (one per database project, which run at once): the import writes its graph and basemap there. */
const DATA_DIR = path.join(REPOSITORY_ROOT, `var/test/basemap-import-${process.env.TEST_DATABASE ?? 'pglite'}`);
const MONACO = 'test-data/osm/monaco.osm.pbf';
/** The contract's tile: zoom 14 over Monaco-Ville, the port and Monte-Carlo's west. */
const MONACO_TILE = '14/8529/5974';

const decode = (bytes: Buffer) => new VectorTile(new PbfReader(bytes));
const layerFeatures = (tile: VectorTile, name: string) => {
  const layer = tile.layers[name];
  return layer ? Array.from({ length: layer.length }, (_, i) => layer.feature(i)) : [];
};

describe('street-level basemap of an imported OpenStreetMap extract', () => {
  let server: FastifyInstance;
  let operatorServer: FastifyInstance;

  beforeAll(async () => {
    rmSync(DATA_DIR, { recursive: true, force: true });
    // Imported as an operator does it, by the data command line.
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/data.ts', 'import', 'osm', MONACO], {
      cwd: REPOSITORY_ROOT, env: { ...process.env, DATA_DIR },
    });
    expect(stdout).toMatch(/Basemap of monaco\.osm\.pbf → .*monaco\.pmtiles/);
    const { ctx } = await testApp();
    const config = { ...ctx.config, dataDir: DATA_DIR, basemapDir: path.join(DATA_DIR, 'basemap') };
    server = await buildServer({ ...ctx, config }, { rateLimits: false });
    // An operator's archive given by BASEMAP_PMTILES, with no region imported: the Monaco archive, moved elsewhere.
    const operatorDir = path.join(DATA_DIR, 'operator');
    mkdirSync(operatorDir, { recursive: true });
    copyFileSync(path.join(DATA_DIR, 'basemap/monaco.pmtiles'), path.join(operatorDir, 'planet-extract.pmtiles'));
    operatorServer = await buildServer({
      ...ctx,
      config: { ...config, dataDir: operatorDir, basemapDir: path.join(operatorDir, 'none'), basemapPmtiles: path.join(operatorDir, 'planet-extract.pmtiles') },
    }, { rateLimits: false });
  }, 300_000);

  afterAll(async () => {
    await server?.close();
    await operatorServer?.close();
  });

  const styleOf = async (app: FastifyInstance, query = '') => {
    const response = await app.inject({ method: 'GET', url: `/api/basemap/style.json${query}`, headers: { host: 'maps.example.org' } });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  /** The tile of the style's street-level source, fetched from the URL the style gives. */
  const streetTile = async (app: FastifyInstance, address: string, headers: Record<string, string> = {}) => {
    const style = await styleOf(app);
    const template: string = style.sources.protomaps.tiles[0];
    const url = template.replace('http://maps.example.org', '').replace('{z}/{x}/{y}', address);
    return app.inject({ method: 'GET', url, headers });
  };

  it('has a source whose tile 14/8529/5974 holds Monaco’s roads (the acceptance contract)', async () => {
    const style = await styleOf(server);
    expect(validateStyleMin(style)).toEqual([]);
    expect(style.sources.protomaps).toMatchObject({ type: 'vector', tiles: ['http://maps.example.org/api/basemap/osm/{z}/{x}/{y}.pbf'], maxzoom: 15 });
    const [west, south, east, north] = style.sources.protomaps.bounds;
    expect(west).toBeLessThan(7.41);
    expect(east).toBeGreaterThan(7.43);
    expect(south).toBeLessThan(43.73);
    expect(north).toBeGreaterThan(43.74);
    expect(style.sources.protomaps.attribution).toContain('© OpenStreetMap contributors');

    const response = await streetTile(server, MONACO_TILE);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    const tile = decode(response.rawPayload);
    const roads = layerFeatures(tile, 'roads');
    expect(roads.length).toBeGreaterThan(50);
    expect(roads.every((road) => road.type === 2)).toBe(true); // lines
    const kinds = new Set(roads.map((road) => road.properties.kind));
    expect([...kinds]).toEqual(expect.arrayContaining(['major_road', 'minor_road', 'path']));
    expect(roads.map((road) => road.properties.name)).toContain('Boulevard Albert 1er');
    // Land and sea from OpenStreetMap's coastline, and the buildings at this zoom.
    expect(layerFeatures(tile, 'earth').length).toBeGreaterThan(0);
    expect(layerFeatures(tile, 'water').map((water) => water.properties.kind)).toContain('ocean');
    expect(layerFeatures(tile, 'buildings').length).toBeGreaterThan(100);
  });

  it('sends the stored gzip tile as it is to a client that accepts gzip', async () => {
    const response = await streetTile(server, MONACO_TILE, { 'accept-encoding': 'gzip, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(layerFeatures(decode(gunzipSync(response.rawPayload)), 'roads').length).toBeGreaterThan(50);
  });

  it('answers 204 where no archive has a tile, and 400 for an address outside the grid', async () => {
    expect((await streetTile(server, '14/0/0')).statusCode).toBe(204);
    const outside = await server.inject({ method: 'GET', url: '/api/basemap/osm/2/4/0.pbf', headers: { 'accept-language': 'fr' } });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.message).toBe('Valeur invalide');
    expect((await server.inject({ method: 'GET', url: '/api/basemap/osm/16/0/0.pbf' })).statusCode).toBe(400);
  });

  it('labels in French when asked, and refuses a language it does not have', async () => {
    const french = JSON.stringify((await styleOf(server, '?lang=fr')).layers);
    expect(french).toContain('name:fr');
    const english = JSON.stringify((await styleOf(server, '?lang=en')).layers);
    expect(english).not.toContain('name:fr');
    const refused = await server.inject({ method: 'GET', url: '/api/basemap/style.json?lang=tlh' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('serves an operator’s archive given by BASEMAP_PMTILES with the same style and tile address', async () => {
    const style = await styleOf(operatorServer);
    expect(style.sources.protomaps.tiles).toEqual(['http://maps.example.org/api/basemap/osm/{z}/{x}/{y}.pbf']);
    const response = await streetTile(operatorServer, MONACO_TILE);
    expect(response.statusCode).toBe(200);
    expect(layerFeatures(decode(response.rawPayload), 'roads').length).toBeGreaterThan(50);
  });

  it('shows a region imported while the server runs, without a restart', async () => {
    const { ctx } = await testApp();
    const lateDir = path.join(DATA_DIR, 'late');
    mkdirSync(path.join(lateDir, 'basemap'), { recursive: true });
    const late = await buildServer({ ...ctx, config: { ...ctx.config, dataDir: lateDir, basemapDir: path.join(lateDir, 'basemap') } }, { rateLimits: false });
    try {
      expect((await styleOf(late)).sources.protomaps).toBeUndefined();
      copyFileSync(path.join(DATA_DIR, 'basemap/monaco.pmtiles'), path.join(lateDir, 'basemap/monaco.pmtiles'));
      await expect.poll(async () => (await styleOf(late)).sources.protomaps?.tiles, { timeout: 10_000, interval: 500 })
        .toEqual(['http://maps.example.org/api/basemap/osm/{z}/{x}/{y}.pbf']);
      expect((await streetTile(late, MONACO_TILE)).statusCode).toBe(200);
    } finally {
      await late.close();
    }
  });

  it('has no street-level source where nothing is imported', async () => {
    const { app } = await testApp();
    const style = await styleOf(app);
    expect(style.sources.protomaps).toBeUndefined();
  });
});
