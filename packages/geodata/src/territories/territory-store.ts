/**
 * The territorial data the server holds in memory: the demo's datasets, then the imported ones (a
 * later unit of the same kind and code replaces an earlier one: an imported commune boundary
 * replaces the demo's commune point), indexed for statistics, divisions and search, and cut into
 * vector tiles on demand.
 *
 * Imports write files (territory-dataset.ts) that a running server picks up: `watch()` polls the
 * import folder and swaps in a new index when its content changes, so the embedded single-process
 * database never has to be shared with the importing command.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AdministrativeKind } from '@catchment/domain';
import { removeStaleTemporaryFiles } from '@catchment/files';
import {
  damagedDatasetMessage, listTerritoryDatasets, readTerritoryUnits, TERRITORY_DATASET_EXTENSION, type TerritoryUnitRecord, type WrittenDataset,
} from './territory-dataset.js';
import { TerritoryIndex } from './unit-index.js';
import { UnitTiles } from './unit-tiles.js';

export interface TerritoryStoreOptions {
  /** Folders of datasets, loaded in this order (the demo's first, then the imports). */
  directories: string[];
  log?: (message: string) => void;
}

export class TerritoryStore {
  private current: TerritoryIndex;
  private tileCache = new Map<AdministrativeKind, UnitTiles>();
  private signature: string;
  private timer: NodeJS.Timeout | undefined;
  private reloading: Promise<void> | undefined;
  /** Bumped at each reload: caches of results computed from the data key on it. */
  generation = 1;

  private constructor(private readonly options: TerritoryStoreOptions, index: TerritoryIndex, signature: string) {
    this.current = index;
    this.signature = signature;
  }

  static async open(options: TerritoryStoreOptions): Promise<TerritoryStore> {
    const { index, signature } = await loadIndex(options);
    return new TerritoryStore(options, index, signature);
  }

  get index(): TerritoryIndex {
    return this.current;
  }

  /** The kind's tiles, cut from the current index (built on first use: a few seconds for the largest kinds). */
  tiles(kind: AdministrativeKind): UnitTiles | undefined {
    const cached = this.tileCache.get(kind);
    if (cached) return cached;
    const units = this.current.units(kind);
    if (units.length === 0) return undefined;
    const tiles = new UnitTiles(kind, units);
    this.tileCache.set(kind, tiles);
    return tiles;
  }

  /** Reloads every dataset if a folder's content changed since the last load. */
  async refresh(): Promise<boolean> {
    if (this.reloading) {
      await this.reloading;
      return false;
    }
    const signature = await foldersSignature(this.options.directories);
    if (signature === this.signature) return false;
    this.reloading = (async () => {
      const log = this.options.log ?? (() => {});
      log('Territorial data changed: reloading…');
      const { index, signature: loaded } = await loadIndex(this.options);
      this.current = index;
      this.signature = loaded;
      this.tileCache = new Map();
      this.generation += 1;
      log(`Territorial data reloaded (${describe(index)})`);
    })();
    try {
      await this.reloading;
    } finally {
      this.reloading = undefined;
    }
    return true;
  }

  /** Polls the folders every `intervalMs` and reloads on change; the timer never keeps the process alive. */
  watch(intervalMs = 3_000): void {
    this.timer ??= setInterval(() => {
      this.refresh().catch((error: unknown) => this.options.log?.(`Territorial data reload failed: ${String(error)}`));
    }, intervalMs);
    this.timer.unref();
  }

  close(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}

async function loadIndex(options: TerritoryStoreOptions): Promise<{ index: TerritoryIndex; signature: string }> {
  const log = options.log ?? (() => {});
  const started = Date.now();
  // Taken before reading, so a file written during the load is seen by the next refresh.
  const signature = await foldersSignature(options.directories);
  const datasets: { source: string; units: TerritoryUnitRecord[] }[] = [];
  for (const directory of options.directories) {
    // What a killed import left; an import still running in another process keeps its file.
    await removeStaleTemporaryFiles(directory, log);
    // A damaged dataset is left out with a log line naming it and its rebuild command; the others load.
    for (const dataset of await listTerritoryDatasets(directory, log)) datasets.push(await readDataset(dataset, log));
  }
  const index = new TerritoryIndex(datasets);
  log(`Territorial data ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${describe(index)})`);
  return { index, signature };
}

async function readDataset({ header, file }: WrittenDataset, log: (message: string) => void): Promise<{ source: string; units: TerritoryUnitRecord[] }> {
  const units: TerritoryUnitRecord[] = [];
  try {
    for await (const unit of readTerritoryUnits(file)) units.push(unit);
  } catch (error) {
    log(damagedDatasetMessage(file, error, header));
    return { source: header.source, units: [] };
  }
  return { source: header.source, units };
}

/** Names, sizes and modification times of the dataset files: what tells a reload is due. */
async function foldersSignature(directories: string[]): Promise<string> {
  const parts: string[] = [];
  for (const directory of directories) {
    let names: string[] = [];
    try {
      names = (await fs.readdir(directory)).filter((name) => name.endsWith(TERRITORY_DATASET_EXTENSION)).sort();
    } catch {
      // A folder that does not exist yet (nothing imported) is simply empty.
    }
    for (const name of names) {
      const stat = await fs.stat(path.join(directory, name)).catch(() => undefined);
      if (stat) parts.push(`${directory}/${name}:${stat.size}:${stat.mtimeMs}`);
    }
  }
  return parts.join('|');
}

function describe(index: TerritoryIndex): string {
  return index.kinds().map((kind) => `${kind.kind} ${kind.units.toLocaleString('en')}`).join(', ') || 'no units';
}
