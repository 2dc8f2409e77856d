/**
 * Territorial datasets on disk: what an importer (or the demo build) writes and the server loads.
 *
 * One file per dataset, `<id>.ndjson`: a header line, then one unit per line. A dataset is written
 * crash-safely (@catchment/files: a temporary file, flushed, renamed into place), so a failed or
 * killed import leaves the previous version whole (the file system's rename is the transaction),
 * and importing the same files again replaces the dataset instead of adding to it.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { finished } from 'node:stream/promises';
import type { MultiPolygon, Point, Polygon } from 'geojson';
import type { AdministrativeKind } from '@catchment/domain';
import { closeWriteStream, withScratchFile, writeStreamAtomically } from '@catchment/files';

export const TERRITORY_DATASET_FORMAT = 1;
export const TERRITORY_DATASET_EXTENSION = '.ndjson';

export interface TerritoryUnitRecord {
  kind: AdministrativeKind;
  /** The official code (INSEE code, IRIS code, FIPS code, GeoNames id…), unique within the kind. */
  code: string;
  name: string;
  /** ISO 3166 alpha-2, lower case (a `ww` kind's units carry their real country). */
  country: string;
  /** Code of the unit this one nests in, of the kind's `parentKind` (UNIT_KINDS). */
  parentCode?: string;
  /** Codes of related units of another kind, e.g. the postcodes of a commune. */
  related?: string[];
  /** A boundary, or a position where no boundary is published. Coordinates in WGS84 lon/lat. */
  geometry: Point | Polygon | MultiPolygon;
  /** Measure values by measure key (MEASURES); a measure without data is absent, not zero. */
  values: Record<string, number>;
}

export interface TerritoryDatasetHeader {
  format: number;
  id: string;
  /** Importer name (`fr-communes`…) or `demo`. */
  source: string;
  files: string[];
  importedAt: string;
  kinds: AdministrativeKind[];
  units: number;
}

export interface WrittenDataset { header: TerritoryDatasetHeader; file: string }

/** `fr-communes` + `communes-06-alpes-maritimes.geojson` → `fr-communes--communes-06-alpes-maritimes`. */
export function datasetId(source: string, firstFile: string): string {
  const stem = path.basename(firstFile).replace(/\.(geojson|json|shp|gpkg|zip|csv|txt|topo\.json|osm\.pbf|osm\.gz|osm)$/i, '').replace(/\.[^.]+$/, '');
  return `${source}--${stem.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
}

/** Writes a dataset atomically; the header's unit count and kinds are filled in from what was written. */
export async function writeTerritoryDataset(
  directory: string,
  header: Omit<TerritoryDatasetHeader, 'format' | 'units' | 'kinds' | 'importedAt'>,
  units: AsyncIterable<TerritoryUnitRecord> | Iterable<TerritoryUnitRecord>,
): Promise<WrittenDataset> {
  await fs.mkdir(directory, { recursive: true });
  const file = path.join(directory, `${header.id}${TERRITORY_DATASET_EXTENSION}`);
  // The header goes first, but its counts are known only at the end: the units go to a scratch
  // file first, then the header and that body into the dataset.
  return withScratchFile(file, async (bodyFile) => {
    const kinds = new Set<AdministrativeKind>();
    let count = 0;
    const body = createWriteStream(bodyFile, { flags: 'wx' });
    try {
      for await (const unit of units) {
        kinds.add(unit.kind);
        count += 1;
        if (!body.write(`${JSON.stringify(unit)}\n`)) await new Promise<void>((resolve) => body.once('drain', () => resolve()));
      }
      body.end();
      await finished(body);
    } finally {
      // Closed before withScratchFile removes the file.
      await closeWriteStream(body);
    }
    const complete: TerritoryDatasetHeader = {
      format: TERRITORY_DATASET_FORMAT, ...header, importedAt: new Date().toISOString(), kinds: [...kinds].sort(), units: count,
    };
    async function* headerThenBody(): AsyncGenerator<string | Buffer> {
      yield `${JSON.stringify(complete)}\n`;
      yield* createReadStream(bodyFile) as AsyncIterable<Buffer>;
    }
    await writeStreamAtomically(file, headerThenBody());
    return { header: complete, file };
  });
}

export async function readDatasetHeader(file: string): Promise<TerritoryDatasetHeader> {
  for await (const line of lines(file)) return parseHeader(line);
  throw new Error('empty file');
}

/**
 * The units of a dataset file, in the order they were written. A damaged line, or fewer units than
 * the header counts (a file cut at a line's end), fails the read: a partial dataset is never served.
 */
export async function* readTerritoryUnits(file: string): AsyncGenerator<TerritoryUnitRecord> {
  let header: TerritoryDatasetHeader | undefined;
  let count = 0;
  for await (const line of lines(file)) {
    if (!header) {
      header = parseHeader(line);
      continue;
    }
    if (!line) continue;
    let unit: TerritoryUnitRecord;
    try {
      unit = JSON.parse(line) as TerritoryUnitRecord;
    } catch (error) {
      throw new Error(`unit ${count + 1} is damaged (${error instanceof Error ? error.message : String(error)})`, { cause: error });
    }
    count += 1;
    yield unit;
  }
  if (!header) throw new Error('empty file');
  if (count !== header.units) throw new Error(`${count} units of the ${header.units} its header announces: the file is cut short`);
}

/**
 * Dataset files of a folder, oldest import first (a later import of the same unit wins). A file
 * whose header cannot be read is left out, and `log` says so with the command that rebuilds it.
 */
export async function listTerritoryDatasets(directory: string, log: (message: string) => void = () => {}): Promise<WrittenDataset[]> {
  let names: string[];
  try {
    names = await fs.readdir(directory);
  } catch {
    return [];
  }
  const datasets: WrittenDataset[] = [];
  for (const name of names.filter((entry) => entry.endsWith(TERRITORY_DATASET_EXTENSION)).sort()) {
    const file = path.join(directory, name);
    try {
      datasets.push({ header: await readDatasetHeader(file), file });
    } catch (error) {
      log(damagedDatasetMessage(file, error));
    }
  }
  return datasets.sort((a, b) => a.header.importedAt.localeCompare(b.header.importedAt));
}

/**
 * The command that writes a dataset again: the demo build for the demo's, else its importer with
 * the files it was made from (read from the header, or the importer from the file name when the
 * header is gone: ids are `<importer>--<first file>`).
 */
export function rebuildCommand(file: string, header?: Pick<TerritoryDatasetHeader, 'source' | 'files'>): string {
  const source = header?.source ?? path.basename(file, TERRITORY_DATASET_EXTENSION).split('--')[0]!;
  if (source === 'demo') return 'npm run data:demo';
  return `npm run data -- import ${source} ${header?.files.length ? header.files.join(' ') : '<its files>'}`;
}

/** The log line of a dataset left out because it cannot be read. */
export function damagedDatasetMessage(file: string, error: unknown, header?: Pick<TerritoryDatasetHeader, 'source' | 'files'>): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `Skipping territorial dataset ${path.basename(file)}: ${reason}. Rebuild it with: ${rebuildCommand(file, header)}`;
}

/** Errors say what is wrong, not which file: the loaders' log line names it, with the command that rebuilds it. */
function parseHeader(line: string): TerritoryDatasetHeader {
  let header: TerritoryDatasetHeader;
  try {
    header = JSON.parse(line) as TerritoryDatasetHeader;
  } catch (error) {
    throw new Error(`damaged header (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  if (header.format !== TERRITORY_DATASET_FORMAT) {
    throw new Error(`format ${header.format}, this version reads format ${TERRITORY_DATASET_FORMAT}`);
  }
  return header;
}

function lines(file: string): AsyncIterable<string> {
  return createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
}
