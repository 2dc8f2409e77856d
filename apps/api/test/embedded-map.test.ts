/**
 * The embeddable map view (/app/iframe/{accessId}): only it may be framed, by the sites of
 * FRAME_ANCESTORS; its files are cached for good, and a public map read without a session for a minute.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildServer } from '../src/server.js';
import { parseFrameAncestors } from '../src/http/framing.js';
import type { AppContext } from '../src/context.js';
import { signUp, testApp } from './harness.js';
import { addMember, call, mapWithAreas } from './maps-factories.js';

let ctx: AppContext;
let dist: string;
const servers: FastifyInstance[] = [];

/** A server on the shared database serving a small built web app, with FRAME_ANCESTORS set to `frameAncestors` (unset: the default). */
async function webServer(frameAncestors?: string): Promise<FastifyInstance> {
  const server = await buildServer({ ...ctx, config: { ...ctx.config, webDistDir: dist, frameAncestors: parseFrameAncestors(frameAncestors) } }, { rateLimits: false });
  servers.push(server);
  return server;
}

const frameAncestorsOf = (response: LightMyRequestResponse) =>
  String(response.headers['content-security-policy']).split(';').filter((directive) => directive.startsWith('frame-ancestors'));

beforeAll(async () => {
  ({ ctx } = await testApp());
  dist = mkdtempSync(path.join(tmpdir(), 'catchment-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Catchment</title>');
  writeFileSync(path.join(dist, 'assets/index-abc123.js'), 'console.log(1);');
});

afterAll(async () => {
  for (const server of servers) await server.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

describe('framing', () => {
  it('lets any site frame the embedded map view by default, and no other page', async () => {
    const web = await webServer();
    const embedded = await web.inject({ method: 'GET', url: '/app/iframe/AbCdEf123456' });
    expect(embedded.statusCode).toBe(200);
    expect(embedded.headers['content-type']).toMatch(/text\/html/);
    expect(embedded.headers['x-frame-options']).toBeUndefined();
    expect(frameAncestorsOf(embedded)).toEqual(['frame-ancestors *']);
    // The rest of the policy is kept.
    expect(embedded.headers['content-security-policy']).toContain("default-src 'self'");
    expect(embedded.headers['content-security-policy']).toContain("script-src 'self'");

    for (const url of ['/app/', '/app/map/AbCdEf123456', '/app/login', '/app/iframe', '/app/iframefoo/AbCdEf123456', '/app/extractors', '/api/config']) {
      const page = await web.inject({ method: 'GET', url });
      expect(page.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(frameAncestorsOf(page), url).toEqual(["frame-ancestors 'self'"]);
    }
  });

  it('lets only the configured sites frame it, and the extractor page, when FRAME_ANCESTORS lists them', async () => {
    const web = await webServer('https://a.example https://b.example:8443');
    const embedded = await web.inject({ method: 'GET', url: '/app/iframe/AbCdEf123456?lang=fr' });
    expect(embedded.statusCode).toBe(200);
    expect(embedded.headers['x-frame-options']).toBeUndefined();
    expect(frameAncestorsOf(embedded)).toEqual(['frame-ancestors https://a.example https://b.example:8443']);
    const extractor = await web.inject({ method: 'GET', url: `/app/extractor?key=demo_${'k'.repeat(32)}` });
    expect(extractor.statusCode).toBe(200);
    expect(extractor.headers['x-frame-options']).toBeUndefined();
    expect(frameAncestorsOf(extractor)).toEqual(['frame-ancestors https://a.example https://b.example:8443']);
    const map = await web.inject({ method: 'GET', url: '/app/map/AbCdEf123456' });
    expect(frameAncestorsOf(map)).toEqual(["frame-ancestors 'self'"]);
  });
});

describe('caching', () => {
  it('keeps the hashed scripts for good and always checks the page itself', async () => {
    const web = await webServer();
    const script = await web.inject({ method: 'GET', url: '/app/assets/index-abc123.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await web.inject({ method: 'GET', url: '/app/iframe/AbCdEf123456' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('lets any cache keep a public map read without a session for a minute; members, owners and private maps are never stored', async () => {
    const { app } = await testApp();
    const owner = await signUp(app);
    const member = await signUp(app);
    const { map: publicMap } = await mapWithAreas(app, owner, 2, { public: true });
    const { map: privateMap } = await mapWithAreas(app, owner, 1);
    await addMember(ctx, publicMap.id, member);

    const anonymous = await call(app, 'GET', `/v2/maps/${publicMap.accessId}`);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toMatchObject({ public: true, canEdit: false });
    expect(anonymous.headers['cache-control']).toBe('public, max-age=60');
    expect(String(anonymous.headers.vary)).toMatch(/\bcookie\b/i);

    for (const [who, as] of [['owner', owner], ['member', member]] as const) {
      const read = await call(app, 'GET', `/v2/maps/${publicMap.accessId}`, { as });
      expect(read.statusCode, who).toBe(200);
      expect(read.json().canEdit, who).toBe(true);
      expect(read.headers['cache-control'], who).toBe('no-store');
    }
    const ownPrivate = await call(app, 'GET', `/v2/maps/${privateMap.accessId}`, { as: owner });
    expect(ownPrivate.statusCode).toBe(200);
    expect(ownPrivate.headers['cache-control']).toBe('no-store');
    const hidden = await call(app, 'GET', `/v2/maps/${privateMap.accessId}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.headers['cache-control']).toBe('no-store');
  });
});
