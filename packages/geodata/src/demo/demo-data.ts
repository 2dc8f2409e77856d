/**
 * The demo dataset: what the basemap and the place search need, built only from npm data
 * packages into DATA_DIR/demo/ on first start (or `npm run data -- demo`), then loaded from
 * there in a second or two on every later start.
 *
 * The files carry a stamp (format version and source package versions); a stamp that does not
 * match the code and the installed packages makes the next start rebuild them, and so does a
 * damaged file. Every file is written crash-safely (@catchment/files), and what an interrupted
 * build left is removed at the next start.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { removeStaleTemporaryFiles, writeFileAtomically } from '@catchment/files';
import type { BasemapLayers } from '../basemap/basemap-layers.js';
import { BasemapTiles } from '../basemap/basemap-tiles.js';
import { Gazetteer } from '../gazetteer/gazetteer.js';
import { decodePlaces, encodePlaces, type GazetteerFile } from '../gazetteer/gazetteer-file.js';
import type { PlaceEntry } from '../gazetteer/place-entry.js';
import { TERRITORY_DATASET_EXTENSION, writeTerritoryDataset } from '../territories/territory-dataset.js';
import { buildDemoContent, DEMO_SOURCE_PACKAGES } from './build-demo-data.js';
import { packageVersion } from './npm-data-package.js';

/** Bump when the files' content or shape changes: existing demo data is then rebuilt. */
export const DEMO_DATA_FORMAT = 4;

export interface DemoData { basemap: BasemapTiles; gazetteer: Gazetteer }

export interface DemoDataOptions {
  /** The app's data directory; the demo files go to its `demo/` folder. */
  dataDir: string;
  log?: (message: string) => void;
}

interface DemoManifest { format: number; sources: Record<string, string>; builtAt: string }

const FILES = { manifest: 'manifest.json', basemap: 'basemap.json', gazetteer: 'gazetteer.json' } as const;

export const demoDirectory = (dataDir: string) => path.join(dataDir, 'demo');
/** The demo's territorial datasets, in the same format as imported ones (territory-dataset.ts). */
export const demoTerritoryDirectory = (dataDir: string) => path.join(demoDirectory(dataDir), 'territories');

function expectedStamp(): Omit<DemoManifest, 'builtAt'> {
  return { format: DEMO_DATA_FORMAT, sources: Object.fromEntries(DEMO_SOURCE_PACKAGES.map((name) => [name, packageVersion(name)])) };
}

/**
 * What the demo files' content depends on (their format version and the source packages'
 * versions), as a string: the same stamp, the same content, whenever and wherever they are built.
 */
export const demoDataStamp = (): string => JSON.stringify(expectedStamp());

/** Whether the demo files exist and match this code and the installed packages. */
export async function isDemoDataFresh(dataDir: string): Promise<boolean> {
  try {
    const manifest = JSON.parse(await fs.readFile(path.join(demoDirectory(dataDir), FILES.manifest), 'utf8')) as DemoManifest;
    const expected = expectedStamp();
    return manifest.format === expected.format && JSON.stringify(manifest.sources) === JSON.stringify(expected.sources);
  } catch {
    return false;
  }
}

/** Builds the demo files (whatever is there already) and returns what they hold. */
export async function buildDemoData({ dataDir, log = () => {} }: DemoDataOptions): Promise<{ layers: BasemapLayers; places: PlaceEntry[] }> {
  const started = Date.now();
  const { layers, places, territories } = buildDemoContent(log);
  log('Demo data: writing files…');
  const directory = demoDirectory(dataDir);
  await fs.mkdir(directory, { recursive: true });
  // Each dataset replaces its previous version atomically: a server or test run building the demo
  // data at the same moment never reads half a folder.
  const territoryDirectory = demoTerritoryDirectory(dataDir);
  for (const { id, units } of territories) {
    await writeTerritoryDataset(territoryDirectory, { id, source: 'demo', files: [...DEMO_SOURCE_PACKAGES] }, units);
  }
  await removeDatasetsOtherThan(territoryDirectory, territories.map(({ id }) => id));
  await writeFileAtomically(path.join(directory, FILES.basemap), JSON.stringify(layers));
  await writeFileAtomically(path.join(directory, FILES.gazetteer), JSON.stringify(encodePlaces(places)));
  // Written last: its presence says the other files are complete.
  const manifest: DemoManifest = { ...expectedStamp(), builtAt: new Date().toISOString() };
  await writeFileAtomically(path.join(directory, FILES.manifest), JSON.stringify(manifest, null, 2));
  log(`Demo data built in ${seconds(started)} s (${directory})`);
  return { layers, places };
}

/** Reads the demo files into memory; a file that cannot be read fails with an error naming it. */
export async function loadDemoData({ dataDir }: DemoDataOptions): Promise<{ layers: BasemapLayers; places: PlaceEntry[] }> {
  const directory = demoDirectory(dataDir);
  const [layers, gazetteer] = await Promise.all([
    readJson<BasemapLayers>(path.join(directory, FILES.basemap)),
    readJson<GazetteerFile>(path.join(directory, FILES.gazetteer)),
  ]);
  return { layers, places: decodePlaces(gazetteer) };
}

export class DemoFileError extends Error {
  constructor(readonly file: string, cause: unknown) {
    super(`${path.basename(file)}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

async function readJson<T>(file: string): Promise<T> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as T;
  } catch (error) {
    throw new DemoFileError(file, error);
  }
}

/**
 * What the server calls at start-up: builds the demo data if it is missing or stale, then
 * indexes it for the tile and search routes.
 */
export async function ensureDemoData({ dataDir, log = () => {} }: DemoDataOptions): Promise<DemoData> {
  for (const directory of [demoDirectory(dataDir), demoTerritoryDirectory(dataDir)]) await removeStaleTemporaryFiles(directory, log);
  const fresh = await isDemoDataFresh(dataDir);
  if (!fresh) log('Building demo data (first start only)…');
  const started = Date.now();
  let loaded: { layers: BasemapLayers; places: PlaceEntry[] } | undefined;
  if (fresh) {
    try {
      loaded = await loadDemoData({ dataDir });
    } catch (error) {
      if (!(error instanceof DemoFileError)) throw error;
      // A damaged file (a disk that filled up, a bad copy) costs a rebuild, not a server that cannot start.
      log(`Demo file ${error.message}. Rebuilding the demo data, as npm run data:demo does…`);
    }
  }
  const { layers, places } = loaded ?? await buildDemoData({ dataDir, log });
  log('Indexing the basemap and the place search…');
  const basemap = new BasemapTiles(layers);
  const gazetteer = new Gazetteer(places);
  log(`Basemap and place search ready in ${seconds(started)} s (${gazetteer.size.toLocaleString('en')} places)`);
  return { basemap, gazetteer };
}

/** Drops the datasets an older version of the demo data had and this one does not. */
async function removeDatasetsOtherThan(directory: string, ids: string[]): Promise<void> {
  const keep = new Set(ids.map((id) => `${id}${TERRITORY_DATASET_EXTENSION}`));
  for (const name of await fs.readdir(directory)) {
    if (name.endsWith(TERRITORY_DATASET_EXTENSION) && !keep.has(name)) await fs.rm(path.join(directory, name), { force: true });
  }
}

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);
