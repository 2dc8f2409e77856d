/**
 * Territorial datasets on disk: what an importer (or the demo build) writes and the server loads.
 *
 * One file per dataset, `<id>.ndjson`: a header line, then one unit per line. A dataset is written
 * to a temporary file and renamed into place, so a failed or interrupted import leaves the previous
 * version whole (the file system's rename is the transaction), and importing the same files again
 * replaces the dataset instead of adding to it.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { finished, pipeline } from 'node:stream/promises';
import type { MultiPolygon, Point, Polygon } from 'geojson';
import type { AdministrativeKind } from '@catchment/domain';

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
  const stem = path.basename(firstFile).replace(/\.(geojson|json|shp|gpkg|zip|csv|txt|topo\.json)$/i, '').replace(/\.[^.]+$/, '');
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
  const bodyFile = `${file}.${process.pid}.body.tmp`;
  const kinds = new Set<AdministrativeKind>();
  let count = 0;
  const body = createWriteStream(bodyFile);
  try {
    for await (const unit of units) {
      kinds.add(unit.kind);
      count += 1;
      if (!body.write(`${JSON.stringify(unit)}\n`)) await new Promise<void>((resolve) => body.once('drain', () => resolve()));
    }
    body.end();
    await finished(body);
    const complete: TerritoryDatasetHeader = {
      format: TERRITORY_DATASET_FORMAT, ...header, importedAt: new Date().toISOString(), kinds: [...kinds].sort(), units: count,
    };
    // The header goes first, but its counts are known only at the end: write it, then append the body.
    const temporary = `${file}.${process.pid}.tmp`;
    const output = createWriteStream(temporary);
    output.write(`${JSON.stringify(complete)}\n`);
    await pipeline(createReadStream(bodyFile), output);
    await fs.rename(temporary, file);
    return { header: complete, file };
  } finally {
    body.destroy();
    await fs.rm(bodyFile, { force: true });
  }
}

export async function readDatasetHeader(file: string): Promise<TerritoryDatasetHeader> {
  for await (const line of lines(file)) return parseHeader(line, file);
  throw new Error(`${file}: empty territorial dataset`);
}

/** The units of a dataset file, in the order they were written. */
export async function* readTerritoryUnits(file: string): AsyncGenerator<TerritoryUnitRecord> {
  let first = true;
  for await (const line of lines(file)) {
    if (first) {
      parseHeader(line, file);
      first = false;
      continue;
    }
    if (line) yield JSON.parse(line) as TerritoryUnitRecord;
  }
}

/** Dataset files of a folder, oldest import first (a later import of the same unit wins). */
export async function listTerritoryDatasets(directory: string): Promise<WrittenDataset[]> {
  let names: string[];
  try {
    names = await fs.readdir(directory);
  } catch {
    return [];
  }
  const datasets: WrittenDataset[] = [];
  for (const name of names.filter((entry) => entry.endsWith(TERRITORY_DATASET_EXTENSION))) {
    const file = path.join(directory, name);
    datasets.push({ header: await readDatasetHeader(file), file });
  }
  return datasets.sort((a, b) => a.header.importedAt.localeCompare(b.header.importedAt));
}

function parseHeader(line: string, file: string): TerritoryDatasetHeader {
  const header = JSON.parse(line) as TerritoryDatasetHeader;
  if (header.format !== TERRITORY_DATASET_FORMAT) {
    throw new Error(`${file}: territorial dataset format ${header.format}, this version reads ${TERRITORY_DATASET_FORMAT}: import it again`);
  }
  return header;
}

function lines(file: string): AsyncIterable<string> {
  return createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
}
