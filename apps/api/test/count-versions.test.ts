/**
 * The data versions business counts are for (poi/count/count-versions-cache.ts): on PostgreSQL
 * kept between counts and dropped when the database announces a change, whoever made it (here an
 * UPDATE from another connection, as the command-line importer makes); read at every count while
 * the announcement cannot be heard (no listener, the embedded database, a listener reconnecting).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context.js';
import { PgChannelListener } from '../src/db/pg-channel-listener.js';
import { CountVersionsCache, DATA_VERSIONS_CHANNEL } from '../src/poi/count/count-versions-cache.js';
import type { PoiItem } from '@catchment/geodata';
import { loadPoiDataset, removePoiDataset } from '../src/poi/data/poi-loader.js';
import { testApp } from './harness.js';

let ctx: AppContext;
beforeAll(async () => { ({ ctx } = await testApp()); });

const postgres = () => ctx.database.kind === 'postgres';

/** Moves the business data's version on from a connection of its own, as another process would (its sequence, as the importer does). */
async function bumpPoiVersion(): Promise<number> {
  const client = new pg.Client(ctx.database.connection);
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string }>("UPDATE poi_data_state SET version = nextval('poi_version_seq') RETURNING version");
    return Number(rows[0]!.version);
  } finally {
    await client.end();
  }
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the data versions of business counts', () => {
  it('reads them at every count without a listener', async () => {
    const cache = new CountVersionsCache(ctx.database.db);
    const first = await cache.read();
    await cache.read();
    expect(cache.reads).toBe(2);
    const { rows } = await sql<{ version: string }>`SELECT version FROM poi_data_state`.execute(ctx.database.db);
    expect(first.poiVersion).toBe(Number(rows[0]!.version));
  });

  describe.runIf(process.env.TEST_DATABASE === 'postgres')('on PostgreSQL', () => {
    const applicationName = `catchment-versions-test-${randomUUID().slice(0, 8)}`;
    let listener: PgChannelListener;
    beforeAll(async () => {
      expect(postgres()).toBe(true);
      listener = await PgChannelListener.start(ctx.database.connection, { channel: DATA_VERSIONS_CHANNEL, applicationName, reconnectDelay: { first: 50, max: 500 }, log: () => {} });
    });
    afterAll(async () => { await listener.close(); });

    it('keeps them between counts, and reads them again once another connection changed one', async () => {
      const cache = new CountVersionsCache(ctx.database.db, listener);
      const before = await cache.read();
      expect(await cache.read()).toEqual(before);
      expect(cache.reads).toBe(1);
      const bumped = await bumpPoiVersion();
      const after = await until(() => cache.read(), (versions) => versions.poiVersion === bumped, 'the new version');
      expect(after).toEqual({ poiVersion: bumped, territoryVersion: before.territoryVersion });
      expect(cache.reads).toBe(2);
      await cache.read();
      expect(cache.reads).toBe(2);
    });

    it("drops them as soon as this process's own import commits, before any announcement", async () => {
      // A listener on a channel nobody notifies: only the process's own signal can drop what is kept.
      const silent = await PgChannelListener.start(ctx.database.connection, { channel: `test_${randomUUID().replace(/-/g, '_')}`, applicationName: `${applicationName}-silent` });
      const datasetId = `test-signal-${randomUUID()}`;
      try {
        const cache = new CountVersionsCache(ctx.database.db, silent);
        const before = await cache.read();
        const item: PoiItem = {
          catalogue: 'ad_osm_poi', ref: 'n1', name: 'Bakery', categories: [], tags: ['shop=bakery'], naf: null, headcount: null, brand: null, address: null,
          openingHours: null, website: null, details: {}, country: 'ad', position: [1.52, 42.51], iris: null,
        };
        const loaded = await loadPoiDataset(ctx.database.db, { id: datasetId, source: 'osm-pois', files: ['bakery'], contentHash: datasetId, items: async () => (async function* one() { yield item; })() });
        expect(loaded.version).toBeGreaterThan(before.poiVersion);
        expect((await cache.read()).poiVersion).toBe(loaded.version);
        expect(await removePoiDataset(ctx.database.db, datasetId)).toBe(true);
        expect((await cache.read()).poiVersion).toBeGreaterThan(loaded.version);
      } finally {
        await removePoiDataset(ctx.database.db, datasetId);
        await silent.close();
      }
    });

    it('reads them at every count while the listener is away, and drops what it kept once it is back', async () => {
      // A listener of its own that waits 1.5 s before reconnecting: the change below is made while it is away.
      const name = `${applicationName}-away`;
      const away = await PgChannelListener.start(ctx.database.connection, { channel: DATA_VERSIONS_CHANNEL, applicationName: name, reconnectDelay: { first: 1_500, max: 1_500 }, log: () => {} });
      try {
        const cache = new CountVersionsCache(ctx.database.db, away);
        const kept = await cache.read();
        const reconnected = new Promise<void>((resolve) => away.onReconnected(resolve));
        await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ${name} AND datname = current_database()`.execute(ctx.database.db);
        await until(async () => away.listening, (listening) => !listening, 'the listener gone');
        // Changed while nobody listens: its announcement is missed, and the change must be seen all the same.
        const bumped = await bumpPoiVersion();
        expect(away.listening).toBe(false);
        expect(kept.poiVersion).toBeLessThan(bumped);
        expect((await cache.read()).poiVersion).toBe(bumped);
        await reconnected;
        expect((await cache.read()).poiVersion).toBe(bumped);
      } finally {
        await away.close();
      }
    });
  });
});
