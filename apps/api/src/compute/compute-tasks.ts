/**
 * The work the API does in its compute threads (compute-pool.ts): what is too slow for the event
 * loop, where one request would hold every other user's. Runs inside a worker thread; pure.
 */
import { workerData } from 'node:worker_threads';
import type { MultiPolygon, Point, Polygon } from 'geojson';
import type { PoolConfig } from 'pg';
import { heatmapClasses, unionGeometries, validateAreaGeometry, type AreaGeometry, type GeometryReason, type HeatmapClasses, type HeatmapClassification } from '@catchment/domain';
import { encodePoiTile, encodeUnitTile, prepareArea, unitOverlap, type MeasureFigure, type PoiTileCluster } from '@catchment/geodata';
import type { Locale } from '@catchment/domain';
import { passwordStrength, type PasswordStrength, type PasswordUserInputs } from '@catchment/domain';
import { divisionsWorkbook, type NamedDivisions } from '../territories/divisions-workbook.js';
import { censusWorkbook, type NamedMeasures } from '../territories/census-workbook.js';
import { comparisonWorkbook, type ComparedArea } from '../territories/comparison-workbook.js';
import { indicatorsWorkbook, type IndicatorsWorkbookInput } from '../metrics/indicators-workbook.js';
import { irisWorkbook, type AreaIris } from '../territories/iris-workbook.js';
import { boundariesDocument, type BoundariesRequest } from '../territories/boundaries-document.js';
import { poiWorkbook, type PoiWorkbookSheet } from '../poi/searches/poi-workbook.js';
import { areaCensusFigures, type CensusRequest } from '../territories/unit-cache/area-census.js';
import { DatabaseUnitCellLoader } from '../territories/unit-cache/unit-cell-loader.js';
import { UnitRegionCache } from '../territories/unit-cache/unit-region-cache.js';
import { areaPoiCounts, type PoiCountAnswer, type PoiCountRequest } from '../poi/count/area-poi-count.js';
import { DatabasePoiCellLoader } from '../poi/count/poi-cell-loader.js';
import { PoiCellCache } from '../poi/count/poi-cell-cache.js';
import { openThreadDatabase, type ThreadDatabase } from './thread-database.js';
import { readTableTask, type ReadTableResult } from '../datasets/files/table-file.js';
import { areaDatasetFigures, type DatasetFiguresAnswer, type DatasetFiguresRequest } from '../datasets/maps/area-dataset-figures.js';
import { DatasetCellCache } from '../datasets/maps/dataset-cell-cache.js';
import { DatabaseDatasetCellLoader } from '../datasets/maps/dataset-cell-loader.js';
import { datasetWorkbook, type DatasetWorkbookSheet } from '../datasets/maps/dataset-workbook.js';
import { packGeometries, unpackGeometries, type PackedGeometries } from './packed-geometry.js';

export type ComputeTask =
  /** Full validity check of areas (rings crossing themselves: an O(n log n) sweep). */
  | { name: 'validateAreas'; geometries: PackedGeometries }
  /**
   * Union of boundaries (the administrative mode's areas), as the GeoJSON text the database
   * returned: parsed here, not on the event loop.
   */
  | { name: 'unionOfGeoJson'; geometries: string[] }
  /**
   * How much of each unit lies in the area (census figures, divisions): the units' GeoJSON text as
   * the database returned it, parsed here rather than on the event loop.
   */
  | { name: 'overlaps'; area: PackedGeometries; units: string[] }
  /**
   * The census figures of an area from the units of its region, read from the database by this
   * thread and kept in its cache (territories/unit-cache): most areas need no query at all.
   */
  | { name: 'censusFigures'; area: PackedGeometries; request: CensusRequest }
  /**
   * How many of a search's businesses each area holds, from the search's points in the areas'
   * region, read from the database by this thread and kept in its cache (poi/count).
   */
  | { name: 'poiCounts'; areas: PackedGeometries; request: PoiCountRequest }
  /**
   * A dataset's rows in each area and the sum and mean of a column's numbers there, from the rows of
   * the areas' region, read from the database by this thread and kept in its cache (datasets/maps).
   */
  | { name: 'datasetFigures'; areas: PackedGeometries; request: DatasetFiguresRequest }
  /** A vector tile of territorial units, from the rows the database cut for it (GeoJSON text); `layer`: the outlines' layer (default `units`). */
  | { name: 'unitTile'; z: number; x: number; y: number; units: UnitTileRow[]; labels: boolean; layer?: string }
  /** A heatmap's classes from the values of every unit of its kind (ckmeans takes a fifth of a second for the communes of France). */
  | { name: 'heatmapClasses'; values: Float64Array; classes: number; classification: HeatmapClassification }
  /** The divisions export (exceljs builds the whole workbook in memory: seconds for large areas). */
  | { name: 'divisionsWorkbook'; areas: NamedDivisions[]; locale: Locale }
  /** The census export (census figures of areas, up to MEASURE_AREAS_MAX). */
  | { name: 'censusWorkbook'; areas: NamedMeasures[]; locale: Locale }
  /** The multi-area comparison export (census figures of 2 to MEASURE_AREAS_MAX areas side by side). */
  | { name: 'comparisonWorkbook'; areas: ComparedArea[]; locale: Locale }
  /** The indicators export (the map's indicators in up to MEASURE_AREAS_MAX areas). */
  | { name: 'indicatorsWorkbook'; input: IndicatorsWorkbookInput; locale: Locale }
  /** The IRIS detail export (up to IRIS_DETAIL_EXPORT_MAX_UNITS rows). */
  | { name: 'irisWorkbook'; areas: AreaIris[]; locale: Locale }
  /** The boundaries of the units an area covers, as GeoJSON or KML (their GeoJSON text parsed and written out here). */
  | { name: 'boundariesDocument'; request: BoundariesRequest }
  /** A vector tile of a business search's points or groups of points. */
  | { name: 'poiTile'; z: number; x: number; y: number; clusters: PoiTileCluster[] }
  /** The export of a search's businesses (up to POI_EXPORT_MAX_ITEMS rows). */
  | { name: 'poiWorkbook'; sheets: PoiWorkbookSheet[]; institutions: boolean; locale: Locale }
  /** The export of a dataset's rows in areas (up to DATASET_EXPORT_MAX_ROWS rows). */
  | { name: 'datasetWorkbook'; columns: string[]; sheets: DatasetWorkbookSheet[]; locale: Locale }
  /** A password's strength for its user (zxcvbn-ts: milliseconds to about a second, dictionaries loaded once per thread). */
  | { name: 'passwordStrength'; password: string; inputs: PasswordUserInputs }
  /** An uploaded file read as a table into its rows file (datasets/files/table-file.ts: seconds for 50 MB). */
  | { name: 'readTable'; source: string; target: string; locale: Locale };

export interface UnitTileRow {
  code: string;
  name: string;
  geometry: string;
  labelX: number | null;
  labelY: number | null;
  /** Figures the unit's feature carries besides code and name (a heatmap's value). */
  properties?: Record<string, number>;
}

/** Per unit, share then overlap area (NaN, NaN: not met). */
export type PackedOverlaps = Float64Array;

export interface InvalidGeometry { index: number; reason: GeometryReason }

/** What the pool gives its threads (piscina's workerData). */
export interface ComputeWorkerData {
  /** How this thread reaches the database for what it caches; absent: no census or count task. */
  database?: PoolConfig;
  unitCacheBytes?: number;
  poiCacheBytes?: number;
  datasetCacheBytes?: number;
}

let database: ThreadDatabase | undefined;
let unitCache: UnitRegionCache | undefined;
let poiCache: PoiCellCache | undefined;
let datasetCache: DatasetCellCache | undefined;

function threadDatabase(): ThreadDatabase {
  const { database: connection } = (workerData ?? {}) as ComputeWorkerData;
  if (!connection) throw new Error('this compute pool was started without a database');
  database ??= openThreadDatabase(connection);
  return database;
}

function threadUnitCache(): UnitRegionCache {
  unitCache ??= new UnitRegionCache(new DatabaseUnitCellLoader(threadDatabase().pool), ((workerData ?? {}) as ComputeWorkerData).unitCacheBytes);
  return unitCache;
}

function threadPoiCache(): PoiCellCache {
  poiCache ??= new PoiCellCache(new DatabasePoiCellLoader(threadDatabase().db), ((workerData ?? {}) as ComputeWorkerData).poiCacheBytes);
  return poiCache;
}

function threadDatasetCache(): DatasetCellCache {
  datasetCache ??= new DatasetCellCache(new DatabaseDatasetCellLoader(threadDatabase().db), ((workerData ?? {}) as ComputeWorkerData).datasetCacheBytes);
  return datasetCache;
}

export function runComputeTask(task: ComputeTask): InvalidGeometry[] | PackedGeometries | PackedOverlaps | Uint8Array | HeatmapClasses | Promise<Uint8Array | MeasureFigure[] | PoiCountAnswer | DatasetFiguresAnswer | PasswordStrength | ReadTableResult> | null {
  switch (task.name) {
    case 'validateAreas':
      return unpackGeometries(task.geometries).flatMap((geometry, index) => {
        const result = validateAreaGeometry(geometry);
        return result.valid ? [] : [{ index, reason: result.reason }];
      });
    case 'unionOfGeoJson': {
      const union = unionGeometries(task.geometries.map((text) => JSON.parse(text) as AreaGeometry));
      return union ? packGeometries([union]) : null;
    }
    case 'overlaps': {
      const area = prepareArea(unpackGeometries(task.area)[0]!);
      const result = new Float64Array(task.units.length * 2).fill(Number.NaN);
      task.units.forEach((text, i) => {
        const overlap = unitOverlap(area, JSON.parse(text) as Point | Polygon | MultiPolygon);
        if (!overlap) return;
        result[2 * i] = overlap.share;
        result[2 * i + 1] = overlap.overlapArea;
      });
      return result;
    }
    case 'censusFigures':
      // One packed geometry is its flat polygons: prepared as it arrived, no nested arrays rebuilt.
      return areaCensusFigures(threadUnitCache(), task.area, task.request);
    case 'poiCounts':
      return areaPoiCounts({ points: threadPoiCache(), units: threadUnitCache }, unpackGeometries(task.areas), task.request);
    case 'datasetFigures':
      return areaDatasetFigures(threadDatasetCache(), unpackGeometries(task.areas), task.request);
    case 'divisionsWorkbook':
      return divisionsWorkbook(task.areas, task.locale).then((buffer) => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength));
    case 'censusWorkbook':
      return censusWorkbook(task.areas, task.locale);
    case 'comparisonWorkbook':
      return comparisonWorkbook(task.areas, task.locale);
    case 'indicatorsWorkbook':
      return indicatorsWorkbook(task.input, task.locale);
    case 'irisWorkbook':
      return irisWorkbook(task.areas, task.locale);
    case 'boundariesDocument':
      return boundariesDocument(task.request);
    case 'poiTile':
      return encodePoiTile(task.z, task.x, task.y, task.clusters);
    case 'poiWorkbook':
      return poiWorkbook(task.sheets, task.institutions, task.locale);
    case 'datasetWorkbook':
      return datasetWorkbook(task.columns, task.sheets, task.locale);
    case 'passwordStrength':
      return passwordStrength(task.password, task.inputs);
    case 'readTable':
      return readTableTask(task.source, task.target, task.locale);
    case 'unitTile':
      return encodeUnitTile(task.z, task.x, task.y, task.units.map((unit) => ({
        code: unit.code,
        name: unit.name,
        geometry: JSON.parse(unit.geometry) as Point | Polygon | MultiPolygon,
        ...(unit.labelX !== null && unit.labelY !== null ? { label: [unit.labelX, unit.labelY] } : {}),
        ...(unit.properties ? { properties: unit.properties } : {}),
      })), { withLabels: task.labels, ...(task.layer ? { layer: task.layer } : {}) });
    case 'heatmapClasses':
      return heatmapClasses(Array.from(task.values), task.classes, task.classification);
  }
}
