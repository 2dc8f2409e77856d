/**
 * The OpenStreetMap basemap archives the server reads its street-level tiles from, in the order
 * they are tried: the operator's Protomaps archive (BASEMAP_PMTILES, a file or URL), then the
 * region basemaps built by `npm run data -- import osm` (DATA_DIR/basemap), then the demo's
 * (DATA_DIR/demo/basemap). A tile comes from the first archive that has it.
 *
 * The region folders are looked at again when they change (at most every few seconds, on a tile
 * or style request), so an import made while the server runs shows without a restart. Reading a
 * tile is a directory lookup and a positioned read: no CPU work on the event loop beyond that.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { PmtilesArchive, REGION_BASEMAP_EXTENSION, type StoredTile } from '@catchment/geodata';

export interface BasemapArchiveInfo {
  location: string;
  /** 'operator' for BASEMAP_PMTILES, else the folder's role. */
  origin: 'operator' | 'imported' | 'demo';
  bounds: [number, number, number, number];
  minZoom: number;
  maxZoom: number;
  attribution: string | undefined;
}

interface OpenArchive { archive: PmtilesArchive; info: BasemapArchiveInfo; modifiedMs: number }

/** How often at most the region folders are listed again. */
const RESCAN_INTERVAL_MS = 2000;

export class BasemapArchives {
  private operator: OpenArchive | undefined;
  private regions: OpenArchive[] = [];
  private scanned: Promise<void> | undefined;
  private lastScan = 0;
  private folderStamps = '';

  constructor(
    private readonly options: {
      operatorArchive: string | undefined;
      importedDir: string;
      demoDir: string;
      log: (message: string) => void;
    },
  ) {}

  /** The archives in the order tried, after a fresh look at the folders when it is due. */
  async list(): Promise<BasemapArchiveInfo[]> {
    await this.refresh();
    return [this.operator, ...this.regions].flatMap((open) => (open ? [open.info] : []));
  }

  /** The tile as stored in the first archive that has it, or null. */
  async tile(z: number, x: number, y: number): Promise<StoredTile | null> {
    await this.refresh();
    for (const open of [this.operator, ...this.regions]) {
      if (!open || z < open.info.minZoom || z > open.info.maxZoom || !touches(open.info.bounds, z, x, y)) continue;
      try {
        const tile = await open.archive.storedTile(z, x, y);
        if (tile) return tile;
      } catch (error) {
        // A remote archive that does not answer costs its tiles, not the request.
        this.options.log(`Basemap archive ${open.info.location}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return null;
  }

  async close(): Promise<void> {
    await Promise.all([this.operator, ...this.regions].map((open) => open?.archive.close()));
  }

  private refresh(): Promise<void> {
    const now = Date.now();
    if (!this.scanned || now - this.lastScan >= RESCAN_INTERVAL_MS) {
      this.lastScan = now;
      const previous = this.scanned ?? Promise.resolve();
      this.scanned = previous.then(() => this.scan());
    }
    return this.scanned;
  }

  private async scan(): Promise<void> {
    if (this.options.operatorArchive && !this.operator) {
      this.operator = await this.open(this.options.operatorArchive, 'operator', 0);
    }
    const files = [
      ...regionFiles(this.options.importedDir).map((file) => ({ ...file, origin: 'imported' as const })),
      ...regionFiles(this.options.demoDir).map((file) => ({ ...file, origin: 'demo' as const })),
    ];
    const stamps = JSON.stringify(files);
    if (stamps === this.folderStamps) return;
    this.folderStamps = stamps;
    const kept: OpenArchive[] = [];
    const importedRegions = new Set(files.filter((file) => file.origin === 'imported').map((file) => path.basename(file.location)));
    for (const file of files) {
      // An operator's import of a region replaces the demo's basemap of it.
      if (file.origin === 'demo' && importedRegions.has(path.basename(file.location))) continue;
      const known = this.regions.find((open) => open.info.location === file.location && open.modifiedMs === file.modifiedMs);
      const open = known ?? await this.open(file.location, file.origin, file.modifiedMs);
      if (open) kept.push(open);
    }
    const dropped = this.regions.filter((open) => !kept.includes(open));
    this.regions = kept;
    await Promise.all(dropped.map((open) => open.archive.close()));
  }

  private async open(location: string, origin: BasemapArchiveInfo['origin'], modifiedMs: number): Promise<OpenArchive | undefined> {
    const archive = new PmtilesArchive(location);
    try {
      const header = await archive.header();
      const metadata = await archive.metadata().catch(() => ({} as Record<string, unknown>));
      const info: BasemapArchiveInfo = {
        location, origin,
        bounds: [header.minLon, header.minLat, header.maxLon, header.maxLat],
        minZoom: header.minZoom,
        maxZoom: header.maxZoom,
        attribution: typeof metadata.attribution === 'string' ? metadata.attribution : undefined,
      };
      return { archive, info, modifiedMs };
    } catch (error) {
      await archive.close().catch(() => {});
      const rebuild = origin === 'operator' ? 'check BASEMAP_PMTILES' : 'import its extract again (npm run data -- import osm <extract>)';
      this.options.log(`Basemap archive ${location} cannot be read (${error instanceof Error ? error.message : String(error)}); ${rebuild}`);
      return undefined;
    }
  }
}

/** The region archives of a folder with their modification times (a missing folder has none). */
function regionFiles(directory: string): Array<{ location: string; modifiedMs: number }> {
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return [];
  }
  return names.filter((name) => name.endsWith(REGION_BASEMAP_EXTENSION)).sort().flatMap((name) => {
    const location = path.join(directory, name);
    try {
      return [{ location, modifiedMs: statSync(location).mtimeMs }];
    } catch {
      return [];
    }
  });
}

/** Whether tile z/x/y meets the box. */
function touches([west, south, east, north]: [number, number, number, number], z: number, x: number, y: number): boolean {
  const side = 2 ** z;
  const tileWest = (x / side) * 360 - 180;
  const tileEast = ((x + 1) / side) * 360 - 180;
  const latitude = (row: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * row) / side))) * 180) / Math.PI;
  return tileWest <= east && tileEast >= west && latitude(y + 1) <= north && latitude(y) >= south;
}

/** The union of the archives' boxes, for the style's source (MapLibre then asks for no tile elsewhere). */
export function unionBounds(archives: readonly BasemapArchiveInfo[]): [number, number, number, number] | undefined {
  if (archives.length === 0) return undefined;
  return archives.reduce<[number, number, number, number]>(
    ([west, south, east, north], { bounds }) => [Math.min(west, bounds[0]), Math.min(south, bounds[1]), Math.max(east, bounds[2]), Math.max(north, bounds[3])],
    [Infinity, Infinity, -Infinity, -Infinity],
  );
}
