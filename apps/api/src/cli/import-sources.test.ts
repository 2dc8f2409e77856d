import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createRoutingEngine, loadGraph } from '@catchment/routing';
import { loadConfig } from '../config.js';
import { regionName } from './import-sources.js';

const run = promisify(execFile);

/** The command as an operator runs it: a separate process, the data directory from the environment. */
function dataCommand(args: string[], dataDir: string) {
  return run(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/data.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
  });
}

// The imports into a database run side by side: each is its own process on its own data directory,
// and this file spends their time waiting on them. Each command opens the embedded database anew
// (8 s of CPU; creating and migrating it costs three times that, so it is done once, below, and
// copied), about a minute of CPU per test; npm test runs the other suites meanwhile, at a load of
// 10 to 12 on two cores, where these took over 400 s. The time limit allows for a machine half as
// fast again.
const IMPORT_TIMEOUT_MS = 900_000;

let createdDatabase: Promise<string> | undefined;

/**
 * A data directory of its own holding an embedded database that the command created and migrated:
 * the first call runs `datasets` on an empty data directory (which creates the database, applies
 * every migration and lists nothing), every call gets a copy of that database.
 */
async function dataDirWithDatabase(): Promise<string> {
  createdDatabase ??= (async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'data-created-'));
    const { stdout } = await dataCommand(['datasets'], dataDir);
    expect(stdout).toContain(`Writing to the embedded database in ${join(dataDir, 'db')}`);
    expect(stdout).toContain('Applying database migration 001_init.sql');
    expect(stdout).toContain('No territorial dataset in the database yet.');
    expect(stdout).toContain('No business or POI dataset in the database yet.');
    expect(stdout).toContain('No address dataset in the database yet');
    return dataDir;
  })();
  const created = await createdDatabase;
  const dataDir = mkdtempSync(join(tmpdir(), 'data-import-'));
  cpSync(join(created, 'db'), join(dataDir, 'db'), { recursive: true });
  return dataDir;
}

/**
 * The first `rows` establishments of the Bas-Rhin SIRENE sample, under the sample's own name in a
 * folder of their own: the command's wiring is what is tested here (the whole file's 81,921 rows are
 * imported by the POI data tests), and loading a thousand rows leaves the time limit to the rest.
 */
function sireneSample(rows: number): string {
  const file = join(mkdtempSync(join(tmpdir(), 'sirene-')), 'sirene-etablissements-67-bas-rhin-by-iris.csv');
  const lines = readFileSync('test-data/poi/sirene-etablissements-67-bas-rhin-by-iris.csv', 'utf8').split('\n');
  writeFileSync(file, `${lines.slice(0, rows + 1).join('\n')}\n`);
  return file;
}
describe('npm run data -- import osm', () => {
  it('imports an extract into DATA_DIR/graphs, with progress on stderr and the summary on stdout', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'data-import-'));
    const { stdout, stderr } = await dataCommand(['import', 'osm', 'test-data/osm/monaco.osm.pbf'], dataDir);
    expect(stdout).toMatch(/nodes 4,729, edges 10,237/);
    expect(stdout).toMatch(/\d+\.\d\d s, [\d.]+ MB, [\d.]+ bytes per edge/);
    expect(stderr).toMatch(/\[#+\] 100% read/);
    const path = join(loadConfig({ DATA_DIR: dataDir }).routingGraphDir, 'monaco.graph');
    expect(loadGraph(path).header).toMatchObject({ source: 'monaco.osm.pbf', nodeCount: 4_729, edgeCount: 10_237 });
    const engine = await createRoutingEngine({ graphDir: loadConfig({ DATA_DIR: dataDir }).routingGraphDir, workers: 1 });
    try {
      const answer = await engine.isochrones({ startPoint: [7.4209, 43.7371], isoMode: 'isochrone', transportMode: 'car', values: [300] });
      expect(answer.features[0]!.geometry.coordinates.length).toBeGreaterThan(0);
    } finally {
      await engine.close();
    }
  });

  it('names the known sources when the source is unknown', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'data-import-'));
    await expect(dataCommand(['import', 'shapefile', 'x.shp'], dataDir)).rejects.toMatchObject({
      stderr: expect.stringMatching(/Unknown import source "shapefile"[\s\S]*import osm <extract\.osm\.pbf>/),
    });
  });

  it('lists every importer with `sources`', async () => {
    const { stdout } = await dataCommand(['sources'], mkdtempSync(join(tmpdir(), 'data-sources-')));
    for (const source of ['osm', 'osm-pois', 'osm-addresses', 'sirene', 'fr-communes', 'fr-iris', 'fr-departements', 'us-states', 'us-counties', 'us-zcta', 'gb-districts', 'geonames-cities', 'geonames-postcodes']) {
      expect(stdout).toContain(`import ${source} `);
    }
    expect(stdout).toContain('docs/data-sources.md');
  });

  it.concurrent('imports communes with their population into the database, with a progress bar and a summary', async () => {
    const dataDir = await dataDirWithDatabase();
    const files = ['test-data/fr/communes-06-alpes-maritimes.geojson', 'test-data/fr/population-communes-06-alpes-maritimes.csv'];
    const { stdout, stderr } = await dataCommand(['import', 'fr-communes', ...files], dataDir);
    expect(stdout).toContain(`Writing to the embedded database in ${join(dataDir, 'db')}`);
    expect(stdout).toContain('Dataset fr-communes--communes-06-alpes-maritimes: 163 fr_cities');
    expect(stdout).toContain('population: 163 units with a value');
    expect(stdout).toMatch(/Dataset fr-communes--communes-06-alpes-maritimes is live \(data version \d+\)/);
    expect(stderr).toMatch(/\[#+\] 100% boundaries/);
    expect(stderr).toMatch(/\[#+\] 100% database/);
    // Nothing is left beside the database: the dataset file was only the way in.
    expect(readdirSync(join(dataDir, 'imports'))).toEqual([]);

    const listed = await dataCommand(['datasets'], dataDir);
    expect(listed.stdout).toMatch(/fr-communes--communes-06-alpes-maritimes\s+fr-communes\s+163 units/);
    const again = await dataCommand(['import', 'fr-communes', ...files], dataDir);
    expect(again.stdout).toContain('the same units are already in the database; nothing changed');
    const removed = await dataCommand(['remove', 'fr-communes--communes-06-alpes-maritimes'], dataDir);
    expect(removed.stdout).toContain('Dataset fr-communes--communes-06-alpes-maritimes removed.');
    expect((await dataCommand(['datasets'], dataDir)).stdout).toContain('No territorial dataset in the database yet.');
  }, IMPORT_TIMEOUT_MS);

  it.concurrent('imports the POIs of an extract and SIRENE establishments, lists them with the datasets and removes them', async () => {
    const dataDir = await dataDirWithDatabase();
    const { stdout, stderr } = await dataCommand(['import', 'osm-pois', 'test-data/osm/monaco.osm.pbf'], dataDir);
    expect(stdout).toContain('Dataset osm-pois--monaco (monaco.osm.pbf): 247 items');
    expect(stdout).toContain('  mc_osm_poi: 247');
    expect(stdout).toContain("countries placed by the extract's own borders: mc");
    expect(stdout).toMatch(/Dataset osm-pois--monaco is live \(POI data version \d+\)/);
    expect(stderr).toMatch(/\[#+\] 100% read/);
    expect(stderr).toMatch(/\[#+\] 100% database/);
    expect(readdirSync(join(dataDir, 'imports'))).toEqual([]);

    const sirene = await dataCommand(['import', 'sirene', sireneSample(1_000)], dataDir);
    expect(sirene.stdout).toContain('Dataset sirene--sirene-etablissements-67-bas-rhin-by-iris (sirene-etablissements-67-bas-rhin-by-iris.csv): 1,000 items');
    const listed = await dataCommand(['datasets'], dataDir);
    expect(listed.stdout).toMatch(/osm-pois--monaco\s+osm-pois\s+247 items\s+v\d+\s+mc_osm_poi\n/);
    expect(listed.stdout).toMatch(/sirene--sirene-etablissements-67-bas-rhin-by-iris\s+sirene\s+1000 items\s+v\d+\s+fr_institutions/);
    const again = await dataCommand(['import', 'osm-pois', 'test-data/osm/monaco.osm.pbf'], dataDir);
    expect(again.stdout).toContain('Dataset osm-pois--monaco: the same items are already in the database; nothing changed.');
    await expect(dataCommand(['import', 'sirene', 'test-data/fr/population-iris-67-bas-rhin-2016.csv'], dataDir)).rejects.toMatchObject({
      stderr: expect.stringMatching(/population-iris-67-bas-rhin-2016\.csv is not a SIRENE file/),
    });
    expect((await dataCommand(['remove', 'osm-pois--monaco'], dataDir)).stdout).toContain('Dataset osm-pois--monaco removed.');
    expect((await dataCommand(['datasets'], dataDir)).stdout).not.toContain('osm-pois--monaco');
  }, IMPORT_TIMEOUT_MS);

  it.concurrent('imports the addresses of an extract, lists them with the datasets and removes them', async () => {
    const dataDir = await dataDirWithDatabase();
    const { stdout, stderr } = await dataCommand(['import', 'osm-addresses', 'test-data/osm/north-bayreuth.osm.pbf'], dataDir);
    expect(stdout).toMatch(/Dataset osm-addresses--north-bayreuth \(north-bayreuth\.osm\.pbf\): 800 addresses on \d+ streets\n/);
    expect(stdout).toContain('  de: 800');
    expect(stdout).toMatch(/Dataset osm-addresses--north-bayreuth is live \(address data version \d+\)/);
    expect(stderr).toMatch(/\[#+\] 100% read/);
    expect(stderr).toMatch(/\[#+\] 100% streets/);
    expect(readdirSync(join(dataDir, 'imports'))).toEqual([]);
    const listed = await dataCommand(['datasets'], dataDir);
    expect(listed.stdout).toMatch(/osm-addresses--north-bayreuth\s+osm-addresses\s+800 addresses\s+v\d+\s+de\n/);
    const again = await dataCommand(['import', 'osm-addresses', 'test-data/osm/north-bayreuth.osm.pbf'], dataDir);
    expect(again.stdout).toContain('Dataset osm-addresses--north-bayreuth: the same addresses are already in the database; nothing changed.');
    expect((await dataCommand(['remove', 'osm-addresses--north-bayreuth'], dataDir)).stdout).toContain('Dataset osm-addresses--north-bayreuth removed.');
    expect((await dataCommand(['datasets'], dataDir)).stdout).toContain('No address dataset in the database yet');
  }, IMPORT_TIMEOUT_MS);

  it('names the graph after the region', () => {
    expect(regionName('../data/rnv-mannheim-heidelberg.osm.pbf')).toBe('rnv-mannheim-heidelberg');
    expect(regionName('monaco.osm.gz')).toBe('monaco');
    expect(regionName('andorra.osm')).toBe('andorra');
  });
});
