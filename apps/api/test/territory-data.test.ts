/**
 * The territorial data of record in the database: imports go live all at once or not at all,
 * importing the same data again changes nothing, a killed import leaves the live data whole, a
 * removed dataset is gone, and what is computed from the data (figures, tiles) follows the data
 * version and is shared by every server on the database.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ComputeMeasuresResponse } from '@catchment/domain';
import { TERRITORY_IMPORTERS } from '@catchment/geodata';
import type { AppContext } from '../src/context.js';
import { createContext } from '../src/context.js';
import { buildServer } from '../src/server.js';
import { listLoadedDatasets, loadDatasetFile, removeDataset } from '../src/territories/data/dataset-loader.js';
import { importTerritoryFiles, signUpOnPlan, testApp } from './harness.js';
import { call, circleArea, createFolder, createMap, expectStatus, postAreas } from './maps-factories.js';

const SAMPLES = path.resolve(import.meta.dirname, '../../../test-data/fr');
const DEPARTEMENT_06 = path.join(SAMPLES, 'departement-06-alpes-maritimes.geojson');
const DEPARTEMENTS = path.join(SAMPLES, 'departements-france-simplified.geojson');
// No other test of a worker's shared database imports IRIS: over Strasbourg the demo's points are all there is.
const IRIS_67 = path.join(SAMPLES, 'iris-67-bas-rhin.geojson');
const POPULATION_IRIS_67 = path.join(SAMPLES, 'population-iris-67-bas-rhin-2016.csv');
const COMMUNES_06 = path.join(SAMPLES, 'communes-06-alpes-maritimes.geojson');
const POPULATION_06 = path.join(SAMPLES, 'population-communes-06-alpes-maritimes.csv');
const STRASBOURG: [number, number] = [7.7521, 48.5734];
const NICE: [number, number] = [7.262, 43.704];

let ctx: AppContext;
let app: FastifyInstance;
beforeAll(async () => {
  ({ ctx, app } = await testApp());
});

const liveUnits = async (kind: string) =>
  (await sql<{ code: string; source: string }>`
    SELECT u.code, d.source FROM live_territory_units u JOIN territory_datasets d ON d.id = u.dataset_id WHERE u.kind = ${kind} ORDER BY u.code`
    .execute(ctx.database.db)).rows;
const datasetVersion = async (id: string) => (await listLoadedDatasets(ctx.database.db)).find((dataset) => dataset.id === id)?.version;
const stagedRows = async (id: string) => (await sql<{ n: number }>`
  SELECT count(*)::int AS n FROM territory_units u WHERE u.dataset_id = ${id}
    AND u.version <> (SELECT version FROM territory_datasets WHERE id = ${id})`.execute(ctx.database.db)).rows[0]!.n;

describe('territorial datasets in the database', () => {
  it('makes an import live at once, and an identical import changes nothing', async () => {
    const first = await importTerritoryFiles(ctx, 'fr-departements', [DEPARTEMENT_06]);
    expect(first.report.unitsByKind).toEqual({ fr_departements: 1 });
    expect(await liveUnits('fr_departements')).toContainEqual({ code: '06', source: 'fr-departements' });
    const version = await ctx.territories.data.units.dataVersion();

    const again = await importTerritoryFiles(ctx, 'fr-departements', [DEPARTEMENT_06]);
    expect(again.loaded).toMatchObject({ id: first.loaded.id, unchanged: true });
    expect(await ctx.territories.data.units.dataVersion()).toBe(version);
  });

  it('refuses an import that finds no unit, and keeps the live dataset', async () => {
    const before = await liveUnits('fr_departements');
    const empty = path.join(ctx.config.territoryDir, 'departement-06-alpes-maritimes.geojson');
    fs.writeFileSync(empty, JSON.stringify({ type: 'FeatureCollection', features: [] }));
    await expect(importTerritoryFiles(ctx, 'fr-departements', [empty])).rejects.toThrow(/no fr_departements unit/);
    expect(await liveUnits('fr_departements')).toEqual(before);
  });

  it('keeps the live data whole when an import is killed half-way, and the next import clears what it left', async () => {
    const datasetFile = await TERRITORY_IMPORTERS['fr-departements']!.run([DEPARTEMENTS], { outputDir: ctx.config.territoryDir });
    const id = datasetFile.datasetId;
    const loaded = await loadDatasetFile(ctx.database.db, datasetFile.file);
    const live = await liveUnits('fr_departements');
    expect(live.length).toBeGreaterThan(90);
    // Changed units (new names), so the next load is not skipped as identical.
    const changed = fs.readFileSync(datasetFile.file, 'utf8').replace(/"name":"/g, '"name":"Changed ');
    fs.writeFileSync(datasetFile.file, changed);

    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'dataset-load.child.ts'),
      JSON.stringify({ connection: ctx.database.connection, file: datasetFile.file })], { stdio: ['ignore', 'pipe', 'inherit'] });
    const lines = createInterface({ input: child.stdout! });
    await new Promise<void>((resolve, reject) => {
      lines.on('line', (line) => { if (line === 'staging') resolve(); });
      child.once('exit', (code) => reject(new Error(`the import ended (${code}) before it was killed`)));
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    expect(await datasetVersion(id)).toBe(loaded.version);
    expect(await liveUnits('fr_departements')).toEqual(live);
    expect(await stagedRows(id)).toBeGreaterThan(0);

    const next = await loadDatasetFile(ctx.database.db, datasetFile.file);
    expect(next.version).toBeGreaterThan(loaded.version);
    expect(await stagedRows(id)).toBe(0);
    const names = (await sql<{ name: string }>`SELECT name FROM live_territory_units WHERE kind = 'fr_departements' AND code = '13'`.execute(ctx.database.db)).rows;
    expect(names).toEqual([{ name: 'Changed Bouches-du-Rhône' }]);
    fs.rmSync(datasetFile.file);
  });

  it("puts an imported unit in place of the demo's of the same kind and code, and the demo's back once the import is removed", async () => {
    const nice = async () => (await sql<{ source: string; is_point: boolean }>`
      SELECT d.source, u.is_point FROM live_territory_units u JOIN territory_datasets d ON d.id = u.dataset_id
      WHERE u.kind = 'fr_cities' AND u.code = '06088'`.execute(ctx.database.db)).rows;
    // Another file of the worker may have imported the communes already: they are put back after;
    // otherwise they are left out, as the files that read the demo's points expect.
    const communes = 'fr-communes--communes-06-alpes-maritimes';
    const importedBefore = await removeDataset(ctx.database.db, communes);
    expect(await nice()).toEqual([{ source: 'demo', is_point: true }]);

    const imported = await importTerritoryFiles(ctx, 'fr-communes', [COMMUNES_06, POPULATION_06]);
    expect(imported.loaded.id).toBe(communes);
    expect(await nice()).toEqual([{ source: 'fr-communes', is_point: false }]);
    expect(await removeDataset(ctx.database.db, communes)).toBe(true);
    expect(await nice()).toEqual([{ source: 'demo', is_point: true }]);
    if (importedBefore) await importTerritoryFiles(ctx, 'fr-communes', [COMMUNES_06, POPULATION_06]);
  });

  it('removes a dataset, and moves the data version on', async () => {
    const version = await ctx.territories.data.units.dataVersion();
    for (const dataset of await listLoadedDatasets(ctx.database.db)) {
      if (dataset.source === 'fr-departements') expect(await removeDataset(ctx.database.db, dataset.id)).toBe(true);
    }
    expect(await liveUnits('fr_departements')).toEqual([]);
    expect(await ctx.territories.data.units.dataVersion()).toBeGreaterThan(version);
    expect(await removeDataset(ctx.database.db, 'no-such-dataset')).toBe(false);
  });
});

describe('what is computed from the data', () => {
  it('serves unit tiles under the data version, cached for good when the URL names it', async () => {
    const { version } = await expectStatus<{ version: number }>(200, call(app, 'GET', '/v2/units/kinds'));
    // Zoom 6 over the eastern United States: counties.
    const versioned = await call(app, 'GET', `/v2/units/us_counties/tiles/6/17/24.pbf?v=${version}`);
    expect(versioned.statusCode).toBe(200);
    expect(versioned.headers['cache-control']).toContain('immutable');
    const unversioned = await call(app, 'GET', '/v2/units/us_counties/tiles/6/17/24.pbf');
    expect(unversioned.headers['cache-control']).toBe('public, max-age=300');
    expect(unversioned.rawPayload.equals(versioned.rawPayload)).toBe(true);
    const stale = await call(app, 'GET', `/v2/units/us_counties/tiles/6/17/24.pbf?v=${version - 1}`);
    expect(stale.headers['cache-control']).toBe('public, max-age=300');
  });

  it('shares census figures between servers on the database: the second server computes nothing', async () => {
    const user = await signUpOnPlan(app, 'advanced_2024');
    const map = await createMap(app, user);
    const folderId = await createFolder(app, user, map.id);
    const area = circleArea({ startPoint: NICE, distance: 4_000 + Math.round(Math.random() * 1000) });
    await expectStatus(201, postAreas(app, user, map.id, folderId, [area]));
    const first = await expectStatus<ComputeMeasuresResponse>(200, call(app, 'POST', `/v2/maps/${map.id}/measures/compute`, { as: user, payload: { areaIds: [area.uuid] } }));

    // Another server on the same database, with compute threads of its own.
    const other = createContext(ctx.config, ctx.database);
    const otherApp = await buildServer(other, { rateLimits: false });
    try {
      const before = other.compute.completedTasks;
      const second = await expectStatus<ComputeMeasuresResponse>(200, call(otherApp, 'POST', `/v2/maps/${map.id}/measures/compute`, { as: user, payload: { areaIds: [area.uuid] } }));
      expect(second).toEqual(first);
      expect(other.compute.completedTasks).toBe(before);
    } finally {
      await otherApp.close();
      await other.compute.close();
    }
  });

  it('computes figures from the new data once an import goes live, though the compute threads hold the region', async () => {
    const user = await signUpOnPlan(app, 'advanced_2024');
    const map = await createMap(app, user);
    const folderId = await createFolder(app, user, map.id);
    const populationOf = async (distance: number) => {
      const area = circleArea({ startPoint: STRASBOURG, distance });
      await expectStatus(201, postAreas(app, user, map.id, folderId, [area]));
      const result = await expectStatus<ComputeMeasuresResponse>(200, call(app, 'POST', `/v2/maps/${map.id}/measures/compute`, { as: user, payload: { areaIds: [area.uuid] } }));
      return { area, figure: result.areas[0]!.measures.find((measure) => measure.key === 'population')! };
    };
    const distance = 3_000 + Math.round(Math.random() * 1000);
    // The demo's communes are points: no coverage. This also puts Strasbourg's region in the threads' cache.
    expect((await populationOf(distance)).figure.coverage).toBeNull();

    const imported = await importTerritoryFiles(ctx, 'fr-iris', [IRIS_67, POPULATION_IRIS_67]);
    try {
      // Another area (not in the figures' cache) over the same region: the commune boundaries count (the sea is not covered).
      const after = await populationOf(distance + 50);
      expect(after.figure.coverage).toBeGreaterThan(0.5);

      // The same figure from compute threads that never saw the region, with the cached figures gone.
      await sql`DELETE FROM territory_statistics_cache`.execute(ctx.database.db);
      const other = createContext(ctx.config, ctx.database);
      const otherApp = await buildServer(other, { rateLimits: false });
      try {
        const cold = await expectStatus<ComputeMeasuresResponse>(200, call(otherApp, 'POST', `/v2/maps/${map.id}/measures/compute`, { as: user, payload: { areaIds: [after.area.uuid] } }));
        expect(cold.areas[0]!.measures.find((measure) => measure.key === 'population')).toEqual(after.figure);
      } finally {
        await otherApp.close();
        await other.compute.close();
      }
    } finally {
      await removeDataset(ctx.database.db, imported.loaded.id);
    }
  });
});
