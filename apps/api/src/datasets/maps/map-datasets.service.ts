/**
 * A map's own datasets (SPEC §7 Map datasets): which of its users' datasets the map shows, in what
 * order, shown or hidden, with which column summed by default; their rows one by one, as tiles, as
 * figures in polygons and as an export. Writes go under the version of the map's list of datasets
 * (a write based on an older one is refused with 409: another tab or browser changed them) and the
 * map's edit rule; a dataset is put on a map by its owner only. Reading follows the map's read rule:
 * whoever may read the map sees its datasets' rows. Once a write has committed, the map's viewers
 * are told the new version (real-time list-sync).
 */
import type { Kysely } from 'kysely';
import {
  DATASET_EXPORT_MAX_ROWS, DomainError, type AggregateMethod, type AreaGeometry, type DatasetAggregation, type Locale, type MapDatasetItem,
  type MapDatasetList, type MapDatasetRemoved, type MapDatasetUpdated, type MapDatasetView,
} from '@catchment/domain';
import type { ComputePool } from '../../compute/compute-pool.js';
import type { Database } from '../../db/schema.js';
import type { EventBus } from '../../events/event-bus.js';
import { readableMap } from '../../maps/map-access.js';
import type { MapRef } from '../../maps/map-ref.js';
import { MapStore } from '../../maps/map-store.js';
import { lockForWrite } from '../../maps/map-write.js';
import type { MapRow } from '../../maps/maps.repository.js';
import { placeRelativeTo, positionAfter } from '../../maps/positions.js';
import { tileClusters } from '../../poi/searches/search-tiles.js';
import { toDatasetView } from '../datasets.service.js';
import { DatasetRowsRepository } from './dataset-rows.repository.js';
import { figureOf, type DatasetFigures } from './dataset-figures.js';
import { labelColumn } from './label-column.js';
import { datasetsSyncEvent } from './map-dataset-events.js';
import { MapDatasetsRepository, type MapDatasetEntry } from './map-datasets.repository.js';

export interface MapDatasetsWrite {
  ref: MapRef;
  clientId: number;
  /** The version of the map's datasets the change was based on; undefined skips the check. */
  expectedVersion: number | undefined;
}

export const datasetNotFound = (datasetId: number) => new DomainError('datasetNotFound', { details: { datasetId } });
const versionConflict = (currentVersion: number) => new DomainError('datasetsVersionConflict', { details: { currentVersion } });
const columnUnknown = (column: string) => new DomainError('datasetColumnUnknown', { details: { column } });

export function mapDatasetView({ link, dataset }: MapDatasetEntry): MapDatasetView {
  return { id: link.id, datasetId: link.dataset_id, hidden: link.hidden, operationColumn: link.operation_column, addedBy: link.added_by, dataset: toDatasetView(dataset) };
}

/**
 * The column an aggregation of a dataset on a map reads, by name and index (null for a count): the
 * one asked for, else this map's, else the dataset's own; a column the dataset does not have is
 * refused, naming it, as is a sum or mean without any column.
 */
export function aggregatedColumn({ link, dataset }: MapDatasetEntry, method: AggregateMethod, asked: string | undefined): { column: string | null; index: number | null } {
  if (asked !== undefined && !dataset.columns.includes(asked)) throw columnUnknown(asked);
  const column = method === 'count' ? null : asked ?? link.operation_column ?? dataset.operation_column;
  if (method !== 'count' && column === null) throw new DomainError('operationColumnRequired');
  const index = column === null ? null : dataset.columns.indexOf(column);
  if (index === -1) throw columnUnknown(column!);
  return { column, index };
}

export class MapDatasetsService {
  private readonly store: MapStore;
  private readonly links: MapDatasetsRepository;
  private readonly rows: DatasetRowsRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly compute: ComputePool,
    private readonly figures: DatasetFigures,
    /** Where committed writes are announced; without it, nobody is told. */
    private readonly events?: EventBus,
  ) {
    this.store = new MapStore(db);
    this.links = new MapDatasetsRepository(db);
    this.rows = new DatasetRowsRepository(db);
  }

  async list(ref: MapRef, clientId: number | undefined): Promise<MapDatasetList> {
    const { map } = await readableMap(this.store, ref, clientId);
    return { version: map.datasets_version, datasets: (await this.links.list(map.id)).map(mapDatasetView) };
  }

  /**
   * Puts the caller's own datasets on the map, after its others, in the order given; those on it
   * already stay as they are. `added` is false when nothing changed (the version stays).
   */
  async add(write: MapDatasetsWrite, datasetIds: readonly number[]): Promise<MapDatasetList & { added: boolean }> {
    const { value: { entries, added }, version } = await this.write(write, async (links, map) => {
      const before = await links.list(map.id);
      const present = new Set(before.map((entry) => entry.link.dataset_id));
      const adding = [...new Set(datasetIds)].filter((id) => !present.has(id));
      for (const id of adding) if (!(await links.owned(write.clientId, id))) throw datasetNotFound(id);
      let last = before.at(-1)?.link.position;
      for (const id of adding) {
        last = positionAfter(last);
        await links.insert(map.id, id, write.clientId, last);
      }
      const added = adding.length > 0;
      return { value: { entries: added ? await links.list(map.id) : before, added }, changed: added };
    });
    return { version, datasets: entries.map(mapDatasetView), added };
  }

  /**
   * Shows or hides a dataset on the map, or sets the column this map sums by default (null: the
   * dataset's); with the datasets' new version, so that the caller's caches follow without a GET.
   */
  async update(write: MapDatasetsWrite, datasetId: number, changes: { hidden?: boolean | undefined; operationColumn?: string | null | undefined }): Promise<MapDatasetUpdated> {
    const { value, version } = await this.write(write, async (links, map) => {
      const entry = await links.find(map.id, datasetId);
      if (!entry) throw datasetNotFound(datasetId);
      if (typeof changes.operationColumn === 'string' && !entry.dataset.columns.includes(changes.operationColumn)) throw columnUnknown(changes.operationColumn);
      await links.update(entry.link.id, changes);
      return { value: (await links.find(map.id, datasetId))!, changed: true };
    });
    return { ...mapDatasetView(value), datasetsVersion: version };
  }

  /** Takes a dataset off the map (the dataset itself stays its owner's); the datasets' new version. */
  async remove(write: MapDatasetsWrite, datasetId: number): Promise<MapDatasetRemoved> {
    const { version } = await this.write(write, async (links, map) => {
      const entry = await links.find(map.id, datasetId);
      if (!entry) throw datasetNotFound(datasetId);
      await links.delete(entry.link.id);
      return { value: undefined, changed: true };
    });
    return { datasetsVersion: version };
  }

  /** Moves a dataset just before or after another, named by its link's id. */
  async move(write: MapDatasetsWrite, datasetId: number, move: { referenceClientDatasetToMapV2Id: number; before: boolean }): Promise<MapDatasetList> {
    const { value: entries, version } = await this.write(write, async (links, map) => {
      const all = await links.list(map.id);
      const moved = all.find((entry) => entry.link.dataset_id === datasetId);
      if (!moved) throw datasetNotFound(datasetId);
      const reference = all.find((entry) => entry.link.id === move.referenceClientDatasetToMapV2Id);
      if (!reference) throw new DomainError('datasetNotFound', { details: { referenceClientDatasetToMapV2Id: move.referenceClientDatasetToMapV2Id } });
      if (reference.link.id !== moved.link.id) {
        const others = all.filter((entry) => entry !== moved).map((entry) => ({ id: String(entry.link.id), position: entry.link.position }));
        const { position, renumbered } = placeRelativeTo(others, String(reference.link.id), move.before);
        for (const item of renumbered) await links.setPosition(Number(item.id), item.position);
        await links.setPosition(moved.link.id, position);
      }
      return { value: await links.list(map.id), changed: true };
    });
    return { version, datasets: entries.map(mapDatasetView) };
  }

  /** A dataset of a map the caller may read, and the map. */
  async readable(ref: MapRef, clientId: number | undefined, datasetId: number): Promise<{ map: MapRow } & MapDatasetEntry> {
    const { map } = await readableMap(this.store, ref, clientId);
    const entry = await this.links.find(map.id, datasetId);
    if (!entry) throw datasetNotFound(datasetId);
    return { map, ...entry };
  }

  /** One row of a dataset on the map: its cells by column name, where it is and how it was placed. */
  async item(ref: MapRef, clientId: number | undefined, datasetId: number, itemId: number): Promise<MapDatasetItem> {
    const { dataset } = await this.readable(ref, clientId, datasetId);
    const row = await this.rows.find(dataset.id, itemId);
    if (!row) throw new DomainError('datasetItemNotFound');
    return {
      id: row.id, rowNumber: row.rowNumber, position: row.position, precision: row.precision,
      fields: Object.fromEntries(dataset.columns.map((column, i) => [column, row.cells[i] ?? ''])),
    };
  }

  /** A vector tile of the dataset's placed rows (layer items: `id` and `name` from the label column; clusters below zoom 12). */
  async tile(ref: MapRef, clientId: number | undefined, datasetId: number, z: number, x: number, y: number): Promise<Uint8Array | null> {
    const { dataset } = await this.readable(ref, clientId, datasetId);
    const points = this.rows.tilePoints(dataset.id, labelColumn(dataset.columns));
    return this.compute.poiTile(z, x, y, await tileClusters(this.db, points, z, x, y));
  }

  /**
   * One figure per polygon: the rows inside (count), or the sum or mean of a column's numbers over
   * them (the column of aggregatedColumn).
   */
  async aggregate(ref: MapRef, clientId: number | undefined, datasetId: number, request: { polygons: readonly AreaGeometry[]; operationColumn?: string | undefined; aggregateMethod: AggregateMethod }): Promise<DatasetAggregation> {
    const entry = await this.readable(ref, clientId, datasetId);
    const { column, index } = aggregatedColumn(entry, request.aggregateMethod, request.operationColumn);
    const figures = await this.figures.figures({ datasetId: entry.dataset.id, version: entry.dataset.version, column: index }, request.polygons);
    return { aggregateMethod: request.aggregateMethod, operationColumn: column, values: figures.map((figure) => figureOf(figure, request.aggregateMethod)) };
  }

  /**
   * The XLSX export of the dataset's rows inside each polygon, one sheet each (named by `labels`,
   * else Area 1, 2, …); refused above DATASET_EXPORT_MAX_ROWS rows in all.
   */
  async report(ref: MapRef, clientId: number | undefined, datasetId: number, polygons: readonly AreaGeometry[], labels: readonly string[] | undefined, locale: Locale): Promise<{ workbook: Buffer; name: string }> {
    const { map, dataset } = await this.readable(ref, clientId, datasetId);
    const counts = await this.figures.figures({ datasetId: dataset.id, version: dataset.version, column: null }, polygons);
    const count = counts.reduce((sum, figure) => sum + figure.count, 0);
    if (count > DATASET_EXPORT_MAX_ROWS) throw new DomainError('datasetExportTooLarge', { details: { count, max: DATASET_EXPORT_MAX_ROWS } });
    const sheets = await Promise.all(polygons.map(async (polygon, i) => ({
      label: labels?.[i] ?? `${locale === 'fr' ? 'Zone' : 'Area'} ${i + 1}`,
      rows: (await this.rows.inside(dataset.id, polygon, DATASET_EXPORT_MAX_ROWS)).map((row) => ({ cells: row.cells, lon: row.position![0], lat: row.position![1], precision: row.precision })),
    })));
    const workbook = await this.compute.datasetWorkbook(dataset.columns, sheets, locale);
    return { workbook, name: `${dataset.name} - ${map.title}` };
  }

  /**
   * One transaction: locks the map, checks the edit right and the datasets' version, changes, and
   * moves the version on if something changed. Once committed, and only then, the new version is
   * announced to the map's room.
   */
  private async write<T>(write: MapDatasetsWrite, change: (links: MapDatasetsRepository, map: MapRow) => Promise<{ value: T; changed: boolean }>): Promise<{ value: T; version: number }> {
    const { value, version, map, changed } = await this.db.transaction().execute(async (trx) => {
      const { map } = await lockForWrite(new MapStore(trx), { ref: write.ref, clientId: write.clientId, expectedVersion: undefined });
      if (write.expectedVersion !== undefined && write.expectedVersion !== map.datasets_version) throw versionConflict(map.datasets_version);
      const links = new MapDatasetsRepository(trx);
      const { value, changed } = await change(links, map);
      return { value, changed, map, version: changed ? await links.bumpListVersion(map.id) : map.datasets_version };
    });
    if (changed) this.events?.publish(datasetsSyncEvent(map, version));
    return { value, version };
  }
}
