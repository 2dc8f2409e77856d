/**
 * The business searches of a map (SPEC §3 Search, §5 the creation rule, §7): list, create, change,
 * delete and order under the version of the map's list of searches (a write based on an older one
 * is refused with 409: another tab or browser changed them), and what a search finds in areas.
 * Reading follows the map's read rule, writing its edit rule; creating follows the plan. Once a
 * write has committed, the map's viewers are told the new version (real-time list-sync).
 */
import type { Kysely } from 'kysely';
import {
  AREA_COLOR_PALETTE, catalogueCountry, cheapestPlanGranting, DomainError, FEATURES, featureGranted, POI_EXPORT_MAX_ITEMS, type Access, type AreaGeometry, type Locale, type PoiItemDetail,
  type PoiItemPage, type SearchFilter, type SearchList, type SearchView,
} from '@catchment/domain';
import type { ComputePool } from '../../compute/compute-pool.js';
import type { Database } from '../../db/schema.js';
import type { EventBus } from '../../events/event-bus.js';
import { assertAllowed, readableMap } from '../../maps/map-access.js';
import { lockForWrite } from '../../maps/map-write.js';
import type { MapRef } from '../../maps/map-ref.js';
import { MapStore } from '../../maps/map-store.js';
import type { MapRow } from '../../maps/maps.repository.js';
import { placeRelativeTo, positionAfter } from '../../maps/positions.js';
import { planRequired, requireFeatures, type PlanAccess } from '../../plans/plan-access.js';
import type { PoiCount, PoiCounts } from '../count/poi-counts.js';
import { searchesSyncEvent } from './search-events.js';
import { SearchTiles } from './search-tiles.js';
import { SearchItems } from './search-items.js';
import { SearchesRepository, type SearchFields, type SearchRow } from './searches.repository.js';

export interface SearchInput extends SearchFilter {
  label?: string | null | undefined;
  color?: string | undefined;
}

export interface SearchWrite {
  ref: MapRef;
  clientId: number;
  /** The version of the map's searches the change was based on; undefined skips the check (creation only). */
  expectedVersion: number | undefined;
}

export const searchNotFound = () => new DomainError('searchNotFound');
const searchVersionConflict = (currentVersion: number) => new DomainError('searchVersionConflict', { details: { currentVersion } });

export function searchView(row: SearchRow, version: number): SearchView {
  return {
    id: row.id, version, datasetName: row.dataset_name, categories: row.categories, names: row.names,
    nafCodes: row.naf_codes, headcounts: row.headcounts, label: row.label, color: row.color,
  };
}

export const filterOf = (row: SearchRow): SearchFilter => ({
  datasetName: row.dataset_name, categories: row.categories, names: row.names, nafCodes: row.naf_codes, headcounts: row.headcounts,
});

export class SearchesService {
  private readonly store: MapStore;
  private readonly searches: SearchesRepository;
  private readonly found: SearchItems;
  private readonly tiles: SearchTiles;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly plans: PlanAccess,
    private readonly counts: PoiCounts,
    private readonly compute: ComputePool,
    /** Where committed writes are announced; without it, nobody is told. */
    private readonly events?: EventBus,
  ) {
    this.store = new MapStore(db);
    this.searches = new SearchesRepository(db);
    this.found = new SearchItems(db);
    this.tiles = new SearchTiles(db, compute);
  }

  async list(ref: MapRef, clientId: number | undefined): Promise<SearchList> {
    const { map } = await readableMap(this.store, ref, clientId);
    const rows = await this.searches.list(map.id);
    return { version: map.searches_version, searches: rows.map((row) => searchView(row, map.searches_version)) };
  }

  async create(write: SearchWrite, input: SearchInput): Promise<SearchView> {
    // Who may write to the map is said before what the plan allows (a stranger's map stays a 404).
    const { map, role } = await readableMap(this.store, write.ref, write.clientId);
    assertAllowed(map, role, 'edit');
    await this.assertCatalogue(input.datasetName);
    await this.assertMayCreate(write.clientId, input.datasetName);
    const { value, version } = await this.write(write, async (searches, map) => {
      const existing = await searches.list(map.id);
      const color = input.color ?? AREA_COLOR_PALETTE[(existing.length + 1) % AREA_COLOR_PALETTE.length]!;
      return searches.insert(map.id, write.clientId, fieldsOf(input, color), positionAfter(existing.at(-1)?.position));
    });
    return searchView(value, version);
  }

  async update(write: SearchWrite, searchId: number, input: SearchInput): Promise<SearchView> {
    await this.assertCatalogue(input.datasetName);
    const { value, version } = await this.write(write, async (searches, map) => {
      const current = await searches.find(map.id, searchId);
      if (!current) throw searchNotFound();
      return searches.update(searchId, fieldsOf(input, input.color ?? current.color, input.label === undefined ? current.label : input.label));
    });
    return searchView(value, version);
  }

  async delete(write: SearchWrite, searchId: number): Promise<void> {
    await this.write(write, async (searches, map) => {
      if (!(await searches.find(map.id, searchId))) throw searchNotFound();
      await searches.delete(searchId);
    });
  }

  async move(write: SearchWrite, searchId: number, move: { referenceSearchId: number; before: boolean }): Promise<SearchList> {
    const { value: rows, version } = await this.write(write, async (searches, map) => {
      const all = await searches.list(map.id);
      if (!all.some((row) => row.id === searchId) || !all.some((row) => row.id === move.referenceSearchId)) throw searchNotFound();
      if (searchId !== move.referenceSearchId) {
        const others = all.filter((row) => row.id !== searchId).map((row) => ({ id: String(row.id), position: row.position }));
        const { position, renumbered } = placeRelativeTo(others, String(move.referenceSearchId), move.before);
        for (const item of renumbered) await searches.setPosition(Number(item.id), item.position);
        await searches.setPosition(searchId, position);
      }
      return searches.list(map.id);
    });
    return { version, searches: rows.map((row) => searchView(row, version)) };
  }

  /** The search of a map the caller may read, and the map. */
  async readable(ref: MapRef, clientId: number | undefined, searchId: number): Promise<{ map: MapRow; search: SearchRow }> {
    const { map } = await readableMap(this.store, ref, clientId);
    const search = await this.searches.find(map.id, searchId);
    if (!search) throw searchNotFound();
    return { map, search };
  }

  /** How many businesses of a saved search each polygon holds. */
  async count(ref: MapRef, clientId: number | undefined, searchId: number, polygons: readonly AreaGeometry[]): Promise<PoiCount[]> {
    const { search } = await this.readable(ref, clientId, searchId);
    await this.plans.require(clientId, FEATURES.poiCount);
    return this.counts.count(filterOf(search), polygons);
  }

  /** The same for a search being edited (the editor's live count), on a map the caller may read. */
  async countDraft(ref: MapRef, clientId: number | undefined, filter: SearchFilter, polygons: readonly AreaGeometry[]): Promise<PoiCount[]> {
    await readableMap(this.store, ref, clientId);
    return this.countFor(await this.plans.of(clientId), filter, polygons);
  }

  /** How many businesses a search finds in each polygon, for a caller with this access (a session's, or an app key's account's). */
  async countFor(access: Access, filter: SearchFilter, polygons: readonly AreaGeometry[]): Promise<PoiCount[]> {
    requireFeatures(access, FEATURES.poiCount);
    await this.assertCatalogue(filter.datasetName);
    return this.counts.count(filter, polygons);
  }

  /** The search's businesses inside one of the map's areas, a page at a time. */
  async items(ref: MapRef, clientId: number | undefined, searchId: number, query: { area: string; page: number; limit: number }): Promise<PoiItemPage> {
    const { map, search } = await this.readable(ref, clientId, searchId);
    await this.plans.require(clientId, FEATURES.poiCount);
    const page = await this.found.page(filterOf(search), map.id, query.area, query.page, query.limit);
    if (!page) throw new DomainError('areaNotFound');
    return page;
  }

  /** One business the search finds. */
  async item(ref: MapRef, clientId: number | undefined, searchId: number, itemId: number, locale: Locale): Promise<PoiItemDetail> {
    const { search } = await this.readable(ref, clientId, searchId);
    await this.plans.require(clientId, FEATURES.poiCount);
    const item = await this.found.detail(filterOf(search), itemId, locale);
    if (!item) throw new DomainError('poiItemNotFound');
    return item;
  }

  /** A vector tile of the search's businesses. */
  async tile(ref: MapRef, clientId: number | undefined, searchId: number, z: number, x: number, y: number): Promise<Uint8Array | null> {
    const { search } = await this.readable(ref, clientId, searchId);
    await this.plans.require(clientId, FEATURES.poiCount);
    return this.tiles.tile(filterOf(search), z, x, y);
  }

  /**
   * The XLSX export of the search's businesses inside areas of the map (Pro), refused above
   * POI_EXPORT_MAX_ITEMS with a word on narrowing the search.
   */
  async report(ref: MapRef, clientId: number | undefined, searchId: number, areaUuids: string[], locale: Locale): Promise<{ workbook: Buffer; name: string }> {
    const { map, search } = await this.readable(ref, clientId, searchId);
    await this.plans.require(clientId, FEATURES.poi(catalogueCountry(search.dataset_name)));
    const uuids = [...new Set(areaUuids)];
    const labels = await this.searches.areaLabels(map.id, uuids);
    if (labels.size !== uuids.length) throw new DomainError('areaNotFound');
    const filter = filterOf(search);
    const totals = await Promise.all(uuids.map(async (uuid) => (await this.found.page(filter, map.id, uuid, 1, 1))?.total ?? 0));
    const count = totals.reduce((sum, total) => sum + total, 0);
    if (count > POI_EXPORT_MAX_ITEMS) throw new DomainError('poiExportTooLarge', { details: { count, max: POI_EXPORT_MAX_ITEMS } });
    const sheets = await Promise.all(uuids.map(async (uuid) => ({
      areaLabel: labels.get(uuid) || uuid, rows: await this.found.exportRows(filter, map.id, uuid, POI_EXPORT_MAX_ITEMS, locale),
    })));
    const workbook = await this.compute.poiWorkbook(sheets, search.dataset_name === 'fr_institutions', locale);
    return { workbook, name: `${search.label ?? map.title} - ${uuids.length === 1 ? sheets[0]!.areaLabel : map.title}` };
  }

  private async assertCatalogue(datasetName: string): Promise<void> {
    if (!(await this.searches.catalogueExists(datasetName))) throw new DomainError('poiCatalogueUnknown', { details: { datasetName } });
  }

  /**
   * SPEC §5: with poi_create_no_limit for the catalogue's country, or with poi_create and fewer
   * searches created than the plan allows (the free plan: the first only).
   */
  private async assertMayCreate(clientId: number, datasetName: string): Promise<void> {
    const country = catalogueCountry(datasetName);
    const access = await this.plans.of(clientId);
    if (featureGranted(access.features, FEATURES.poiCreateNoLimit(country))) return;
    if (!featureGranted(access.features, FEATURES.poiCreate(country))) throw planRequired(FEATURES.poiCreateNoLimit(country));
    const maxSearches = access.plan.maxSearches ?? Infinity;
    if ((await this.searches.countCreatedBy(clientId)) >= maxSearches) {
      throw new DomainError('searchLimitReached', { details: { maxSearches, plan: cheapestPlanGranting(FEATURES.poiCreateNoLimit(country)) } });
    }
  }

  /**
   * One transaction: locks the map, checks the edit right and the searches version, changes, moves
   * the version on. Once committed, and only then, the new version is announced to the map's room.
   */
  private async write<T>(write: SearchWrite, change: (searches: SearchesRepository, map: MapRow) => Promise<T>): Promise<{ value: T; version: number }> {
    const { value, version, map } = await this.db.transaction().execute(async (trx) => {
      const { map } = await lockForWrite(new MapStore(trx), { ref: write.ref, clientId: write.clientId, expectedVersion: undefined });
      if (write.expectedVersion !== undefined && write.expectedVersion !== map.searches_version) throw searchVersionConflict(map.searches_version);
      const searches = new SearchesRepository(trx);
      const value = await change(searches, map);
      return { value, version: await searches.bumpListVersion(map.id), map };
    });
    // The map row stayed locked until the commit: its version is the one announced with the searches'.
    this.events?.publish(searchesSyncEvent(map, version));
    return { value, version };
  }
}

function fieldsOf(input: SearchInput, color: string, label: string | null = input.label ?? null): SearchFields {
  return {
    datasetName: input.datasetName, categories: [...new Set(input.categories)], names: [...new Set(input.names)],
    nafCodes: [...new Set(input.nafCodes)], headcounts: [...new Set(input.headcounts)], label, color,
  };
}
