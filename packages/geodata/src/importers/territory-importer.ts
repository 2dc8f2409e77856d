/**
 * What every territorial importer shares: read a boundary file (any format of readers/contours.ts)
 * and, optionally, a table of census values keyed by the same codes; join them; write one dataset
 * (territory-dataset.ts: atomic, replacing the previous import of the same files); report what
 * joined and what did not.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Geometry, MultiPolygon, Polygon, Position } from 'geojson';
import type { AdministrativeKind } from '@catchment/domain';
import { datasetId, writeTerritoryDataset, type TerritoryUnitRecord } from '../territories/territory-dataset.js';
import { readContours, type SourceFeature } from './readers/contours.js';
import { readCsvRows } from './readers/csv-reader.js';

export interface ImportProgress { phase: string; fraction: number }

export interface ImportOptions {
  /** The folder the server loads datasets from (TERRITORY_DIR). */
  outputDir: string;
  onProgress?: (progress: ImportProgress) => void;
}

export interface ImportReport {
  datasetId: string;
  file: string;
  unitsByKind: Record<string, number>;
  /** How many units got a value, per measure key. */
  valuesByMeasure: Record<string, number>;
  /** Rows of the values file whose code matches no unit, with a few examples. */
  unmatchedValueRows: { count: number; examples: string[] };
  /** Units the values file says nothing about. */
  unitsWithoutValues: number;
  /** Features left out (no code, no polygon), with the reason. */
  skipped: { count: number; examples: string[] };
}

export interface TerritoryImporter {
  usage: string;
  summary: string;
  run(files: string[], options: ImportOptions): Promise<ImportReport>;
}

/** A unit read from a boundary file, before its values are joined. */
export type UnitWithoutValues = Omit<TerritoryUnitRecord, 'values' | 'geometry'>;

/** Values read from one row of a census table. */
export interface ValueRow {
  code: string;
  values: Record<string, number>;
  related?: string[];
  /** The unit's official name in the table, which wins over the boundary file's (INSEE's keeps "La" in "La Turbie"). */
  name?: string;
}

export interface ContourImport {
  source: string;
  kind: AdministrativeKind;
  contours: string;
  values?: string | undefined;
  /** The unit a feature describes, or a reason to skip it. */
  unitOf(properties: Record<string, unknown>): UnitWithoutValues | string;
  /** The values of a row of the census table, or null for a row that is not about a unit (a label row). */
  valuesOf?(row: Record<string, string>): ValueRow | null;
  topologyObject?: string;
}

const EXAMPLES = 5;

export async function importContours(job: ContourImport, options: ImportOptions): Promise<ImportReport> {
  const sizes = await Promise.all([job.values, job.contours].map(async (file) => (file ? (await fs.stat(file)).size : 0)));
  const totalBytes = Math.max(1, sizes[0]! + sizes[1]!);
  const progress = (phase: string, bytes: number) => options.onProgress?.({ phase, fraction: Math.min(1, bytes / totalBytes) });

  const table = new Map<string, ValueRow>();
  if (job.values) {
    if (!job.valuesOf) throw new Error(`${job.source} takes no values file`);
    for await (const row of readCsvRows(job.values, (bytes) => progress('values', bytes))) {
      const values = job.valuesOf(row);
      if (values) table.set(values.code, values);
    }
    if (table.size === 0) throw new Error(`${job.values}: no row with a code and a value was found (check the column names)`);
  }

  const matched = new Set<string>();
  const valuesByMeasure: Record<string, number> = {};
  const skipped = { count: 0, examples: [] as string[] };
  let unitsWithoutValues = 0;
  const skip = (reason: string) => {
    skipped.count += 1;
    if (skipped.examples.length < EXAMPLES) skipped.examples.push(reason);
  };
  async function* units(): AsyncGenerator<TerritoryUnitRecord> {
    const features = readContours(job.contours, { onBytes: (bytes) => progress('boundaries', sizes[0]! + bytes), ...(job.topologyObject ? { topologyObject: job.topologyObject } : {}) });
    for await (const feature of features) {
      const unit = job.unitOf(feature.properties);
      if (typeof unit === 'string') {
        skip(unit);
        continue;
      }
      const geometry = polygonal(feature);
      if (!geometry) {
        skip(`${unit.code}: no polygon`);
        continue;
      }
      const row = table.get(unit.code);
      if (row) {
        matched.add(unit.code);
        for (const key of Object.keys(row.values)) valuesByMeasure[key] = (valuesByMeasure[key] ?? 0) + 1;
      } else if (job.values) {
        unitsWithoutValues += 1;
      }
      const related = unit.related ?? row?.related;
      yield { ...unit, ...(row?.name ? { name: row.name } : {}), ...(related && related.length > 0 ? { related } : {}), geometry, values: row?.values ?? {} };
    }
  }
  const written = await writeTerritoryDataset(options.outputDir, {
    id: datasetId(job.source, job.contours), source: job.source, files: [job.contours, job.values].flatMap((file) => (file ? [path.basename(file)] : [])),
  }, units());
  if (written.header.units === 0) {
    await fs.rm(written.file, { force: true });
    throw new Error(`${job.contours}: no ${job.kind} unit was found (${skipped.examples.join('; ') || 'empty file'})`);
  }
  const unmatched = [...table.keys()].filter((code) => !matched.has(code));
  return {
    datasetId: written.header.id,
    file: written.file,
    unitsByKind: { [job.kind]: written.header.units },
    valuesByMeasure,
    unmatchedValueRows: { count: unmatched.length, examples: unmatched.slice(0, EXAMPLES) },
    unitsWithoutValues,
    skipped,
  };
}

/** The feature's polygons, rounded to 6 decimals (10 cm) with closed rings; null when it has none. */
export function polygonal(feature: SourceFeature): Polygon | MultiPolygon | null {
  const polygons = polygonsIn(feature.geometry).map((polygon) => polygon.map(closedRing).filter((ring) => ring.length >= 4))
    .filter((polygon) => polygon.length > 0);
  if (polygons.length === 0) return null;
  return polygons.length === 1 ? { type: 'Polygon', coordinates: polygons[0]! } : { type: 'MultiPolygon', coordinates: polygons };
}

function polygonsIn(geometry: Geometry | null): Position[][][] {
  if (!geometry) return [];
  switch (geometry.type) {
    case 'Polygon': return [geometry.coordinates];
    case 'MultiPolygon': return geometry.coordinates;
    case 'GeometryCollection': return geometry.geometries.flatMap(polygonsIn);
    default: return [];
  }
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

function closedRing(ring: Position[]): Position[] {
  const rounded = ring.map(([x, y]) => [round(x!), round(y!)]);
  const [first, last] = [rounded[0], rounded[rounded.length - 1]];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) rounded.push([first[0]!, first[1]!]);
  return rounded;
}

/** The first property present among candidates (exact names, or patterns for year-dependent names). */
export function pick(properties: Record<string, unknown>, ...candidates: (string | RegExp)[]): string | undefined {
  for (const candidate of candidates) {
    const key = typeof candidate === 'string' ? candidate : Object.keys(properties).find((name) => candidate.test(name));
    const value = key === undefined ? undefined : properties[key];
    if (value !== undefined && value !== null && String(value).trim() !== '') return String(value).trim();
  }
  return undefined;
}

/** A number from a census cell ("1234", "1 234", "1234,5"), or undefined for a blank or a label. */
export function numberCell(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const cleaned = value.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (cleaned === '' || !/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(cleaned)) return undefined;
  return Number(cleaned);
}
