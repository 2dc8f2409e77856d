import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { buildServer } from '../src/server.js';
import { testApp } from './harness.js';

/** What helmet adds to every response, compressed or not. */
function expectSecurityHeaders(headers: Record<string, unknown>) {
  expect(headers['content-security-policy']).toContain("default-src 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
}

describe('compressed JSON responses', () => {
  // The OpenAPI document: JSON well over the 1 KiB threshold.
  const url = '/api/docs/json';

  it('are gzip-encoded for a client that asks for gzip, with the security headers', async () => {
    const { app } = await testApp();
    const plain = await app.inject({ method: 'GET', url });
    const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('no-store');
    expectSecurityHeaders(response.headers);
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(response.rawPayload).toString())).toEqual(plain.json());
  });

  it('are brotli-encoded when the client prefers it', async () => {
    const { app } = await testApp();
    const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expectSecurityHeaders(response.headers);
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString()).openapi).toMatch(/^3\./);
  });

  it('are sent as they are to a client that accepts no encoding, and when tiny', async () => {
    const { app } = await testApp();
    const identity = await app.inject({ method: 'GET', url });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expectSecurityHeaders(identity.headers);
    const health = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip, br' } });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json().status).toBe('ok');
  });
});

describe('compressed vector tiles', () => {
  const url = '/api/basemap/tiles/0/0/0.pbf';

  it('are gzipped once: the tile code compresses them, the plugin leaves them alone', async () => {
    const { app } = await testApp();
    const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    const tile = new VectorTile(new PbfReader(gunzipSync(response.rawPayload)));
    expect(tile.layers.countries!.length).toBeGreaterThan(150);
  });

  it('are brotli-encoded for a client that takes brotli only', async () => {
    const { app } = await testApp();
    const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
    const tile = new VectorTile(new PbfReader(brotliDecompressSync(response.rawPayload)));
    expect(tile.layers.countries!.length).toBeGreaterThan(150);
  });
});

describe('the web app’s files', () => {
  const script = `export const lines = [\n${Array.from({ length: 200 }, (_, i) => `  'line ${i}',`).join('\n')}\n];\n`;
  const image = Buffer.alloc(4096, 7);
  let dist: string;
  let web: FastifyInstance;

  beforeAll(async () => {
    const { ctx } = await testApp();
    dist = mkdtempSync(path.join(tmpdir(), 'catchment-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Catchment</title>');
    writeFileSync(path.join(dist, 'assets/app.js'), script);
    writeFileSync(path.join(dist, 'assets/app.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(dist, 'assets/late.js'), script);
    writeFileSync(path.join(dist, 'assets/picture.png'), image);
    web = await buildServer({ ...ctx, config: { ...ctx.config, webDistDir: dist } }, { rateLimits: false });
  });

  afterAll(async () => {
    await web?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it('are sent from the copy the build compressed', async () => {
    const response = await web.inject({ method: 'GET', url: '/app/assets/app.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expectSecurityHeaders(response.headers);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('are compressed on the fly when the build made no copy, but not when compressed already (images)', async () => {
    const late = await web.inject({ method: 'GET', url: '/app/assets/late.js', headers: { 'accept-encoding': 'gzip' } });
    expect(late.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(late.rawPayload).toString()).toBe(script);
    const picture = await web.inject({ method: 'GET', url: '/app/assets/picture.png', headers: { 'accept-encoding': 'gzip, br' } });
    expect(picture.headers['content-encoding']).toBeUndefined();
    expect(picture.rawPayload.equals(image)).toBe(true);
  });
});
