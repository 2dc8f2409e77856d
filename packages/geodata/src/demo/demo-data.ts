/**
 * The demo dataset: what the basemap and the place search need, built only from npm data
 * packages into DATA_DIR/demo/ on first start (or `npm run data -- demo`), then loaded from
 * there in a second or two on every later start.
 *
 * The files carry a stamp (format version and source package versions); a stamp that does not
 * match the code and the installed packages makes the next start rebuild them.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { BasemapLayers } from '../basemap/basemap-layers.js';
import { BasemapTiles } from '../basemap/basemap-tiles.js';
import { Gazetteer } from '../gazetteer/gazetteer.js';
import { decodePlaces, encodePlaces, type GazetteerFile } from '../gazetteer/gazetteer-file.js';
import type { PlaceEntry } from '../gazetteer/place-entry.js';
import { TERRITORY_DATASET_EXTENSION, writeTerritoryDataset } from '../territories/territory-dataset.js';
import { buildDemoContent, DEMO_SOURCE_PACKAGES } from './build-demo-data.js';
import { packageVersion } from './npm-data-package.js';

/** Bump when the files' content or shape changes: existing demo data is then rebuilt. */
export const DEMO_DATA_FORMAT = 2;

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

/** Reads the demo files into memory. */
export async function loadDemoData({ dataDir }: DemoDataOptions): Promise<{ layers: BasemapLayers; places: PlaceEntry[] }> {
  const directory = demoDirectory(dataDir);
  const [basemapText, gazetteerText] = await Promise.all([
    fs.readFile(path.join(directory, FILES.basemap), 'utf8'),
    fs.readFile(path.join(directory, FILES.gazetteer), 'utf8'),
  ]);
  return { layers: JSON.parse(basemapText) as BasemapLayers, places: decodePlaces(JSON.parse(gazetteerText) as GazetteerFile) };
}

/**
 * What the server calls at start-up: builds the demo data if it is missing or stale, then
 * indexes it for the tile and search routes.
 */
export async function ensureDemoData({ dataDir, log = () => {} }: DemoDataOptions): Promise<DemoData> {
  const fresh = await isDemoDataFresh(dataDir);
  if (!fresh) log('Building demo data (first start only)…');
  const started = Date.now();
  const { layers, places } = fresh ? await loadDemoData({ dataDir }) : await buildDemoData({ dataDir, log });
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

async function writeFileAtomically(file: string, content: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temporary, content);
  await fs.rename(temporary, file);
}

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);
