/**
 * Areas of a folder: create in bulk (geometry from the resolvers of area-geometry.ts), change,
 * delete, reorder within or across folders. Stored geometries are canonical (geometry-hash.ts) and
 * valid for PostGIS; every write bumps the map version and is all or nothing.
 */
import {
  AREA_COLOR_PALETTE, areaRecipeIssues, DomainError, RequestValidationError, translate,
  type Area, type AreaGeometry, type CreateArea, type Locale,
} from '@catchment/domain';
import type { ClientsRepository } from '../clients/clients.repository.js';
import type { NewArea } from './areas.repository.js';
import type { MapRow } from './maps.repository.js';
import type { MapStore } from './map-store.js';
import type { AreaGeometryResolvers } from './area-geometry.js';
import type { ComputePool } from '../compute/compute-pool.js';
import { areaNotFound, canEdit, readableMap, versionConflict } from './map-access.js';
import { areaAfterChange, changesRecipe, recipeKey, storedStarts, type RecipeChange } from './area-recipe-change.js';
import { areaRecipe } from './area-geometry.js';
import { writeToMap } from './map-write.js';
import { toArea } from './map-document.js';
import { canonicalGeometry, geometryHash } from './geometry-hash.js';
import { placeRelativeTo, POSITION_STEP, positionAfter } from './positions.js';
import { assertAreaLimit } from './plan-limits.js';
import { folderOfMap, type FolderWrite } from './folders.service.js';

export interface AreaChangesInput extends RecipeChange {
  uuid: string;
  label?: string | undefined;
  color?: string | undefined;
  hide?: boolean | undefined;
}

/**
 * A change of recipe checked before the lock: the geometry the server computed (null for a polygon,
 * which keeps the one drawn), the starts and direction to store, and the stored recipe it started from.
 */
interface RecomputedGeometry { geometry: AreaGeometry | null; starts: ReturnType<typeof storedStarts>; basedOn: string }

export interface AreaMoveInput { referenceAreaUuid: string; before: boolean; folderId?: string | undefined }

/** Default colour of the map's n-th area (0-based), cycling through the palette. */
export const defaultAreaColor = (indexInMap: number) => AREA_COLOR_PALETTE[indexInMap % AREA_COLOR_PALETTE.length]!;

function duplicates(uuids: string[]): boolean {
  return new Set(uuids).size !== uuids.length;
}

export class AreasService {
  constructor(
    private readonly store: MapStore,
    private readonly clients: ClientsRepository,
    private readonly resolvers: AreaGeometryResolvers,
    private readonly compute: ComputePool,
  ) {}

  /** Appends the areas to the folder, in the given order. */
  async create(write: FolderWrite, areas: CreateArea[], locale: Locale): Promise<{ areas: Area[]; version: number }> {
    if (duplicates(areas.map((area) => area.uuid))) throw new DomainError('conflict', { message: 'errors.duplicateUuid' });
    // Rights and limit first, without locking: computing geometries may take a while and is not
    // spent on requests that will be refused. Both are checked again under the lock.
    const { map: before, role } = await readableMap(this.store, write.ref, write.clientId);
    if (!canEdit(role)) throw new DomainError('forbidden');
    const caller = await this.clients.findById(write.clientId);
    assertAreaLimit(caller, await this.store.areas.countInMap(before.id), areas.length);
    const geometries = await Promise.all(areas.map((area) => this.geometryOf(area, locale)));
    return this.insertWithGeometries(write, areas, geometries, caller, locale);
  }

  /** The canonical geometry a new area gets from its recipe (what `create` stores). */
  async geometryOf(area: CreateArea, locale: Locale): Promise<AreaGeometry> {
    return canonicalGeometry(await this.resolvers.resolve(area, { locale }));
  }

  /**
   * Appends areas whose geometries were computed already by `geometryOf` (the map generation makes
   * them one by one, to keep the rows it could make apart from those it could not).
   */
  async createWithGeometries(write: FolderWrite, areas: CreateArea[], geometries: AreaGeometry[], locale: Locale): Promise<{ areas: Area[]; version: number }> {
    if (duplicates(areas.map((area) => area.uuid))) throw new DomainError('conflict', { message: 'errors.duplicateUuid' });
    return this.insertWithGeometries(write, areas, geometries, await this.clients.findById(write.clientId), locale);
  }

  private async insertWithGeometries(
    write: FolderWrite, areas: CreateArea[], geometries: AreaGeometry[], caller: Awaited<ReturnType<ClientsRepository['findById']>>, locale: Locale,
  ): Promise<{ areas: Area[]; version: number }> {
    // Drawn polygons come from the client: check them before taking the map's lock.
    await this.assertDrawable(geometries.flatMap((geometry, i) =>
      areas[i]!.isoMode === 'polygon' ? [{ geometry, path: `body.areas.${i}.geometry` }] : []));

    const { value, map } = await writeToMap(this.store, write, async (tx, current) => {
      await folderOfMap(tx, current, write.folderUuid);
      const areasInMap = await tx.areas.countInMap(current.id);
      assertAreaLimit(caller, areasInMap, areas.length);
      await assertValidGeometries(tx, geometries.map((geometry, i) => ({ geometry, path: `body.areas.${i}.geometry` })));
      const lastPosition = (await tx.areas.positionsInFolder(write.folderUuid)).at(-1)?.position;
      const rows = areas.map((area, i): NewArea => ({
        uuid: area.uuid,
        mapId: current.id,
        folderUuid: write.folderUuid,
        label: area.label ?? translate(locale, 'maps.defaultAreaLabel', { n: areasInMap + i + 1 }),
        color: area.color ?? defaultAreaColor(areasInMap + i),
        hide: area.hide ?? false,
        isoMode: area.isoMode,
        transportMode: area.transportMode ?? null,
        operation: area.operation ?? null,
        distance: area.distance ?? null,
        duration: area.duration ?? null,
        departureDate: area.departureDate ? new Date(area.departureDate) : null,
        startAddress: area.startAddress ?? null,
        ...storedStarts(area),
        unitKind: area.unitKind ?? null,
        unitCodes: area.unitCodes ?? null,
        geometry: geometries[i]!,
        hash: geometryHash(geometries[i]!),
        position: positionAfter(lastPosition) + i * POSITION_STEP,
      }));
      // A uuid already used anywhere: the unique key refuses it, and the whole request with it.
      if (await tx.areas.insertMany(rows) !== rows.length) throw new DomainError('conflict', { message: 'errors.duplicateUuid' });
      return tx.areas.listByUuids(rows.map((row) => row.uuid));
    });
    return { areas: value.map(toArea), version: map.version };
  }

  /**
   * Changes areas of the folder; a new geometry gets a new hash. A change of recipe (centre, radius,
   * travel mode, value, mode) recomputes the geometry of circles and travel-time areas as at
   * creation, whatever geometry the request carries. `pathOf` names each change in error details.
   */
  async update(
    write: FolderWrite,
    changes: AreaChangesInput[],
    locale: Locale,
    pathOf: (index: number) => string = (index) => `body.areas.${index}`,
  ): Promise<{ areas: Area[]; version: number }> {
    const recomputed = await this.recomputeGeometries(write, changes, locale, pathOf);
    const geometries = changes.map((change, i) => recomputed[i]?.geometry ?? (change.geometry && canonicalGeometry(change.geometry)));
    // Drawn polygons come from the client; computed ones are the server's own.
    await this.assertDrawable(geometries.flatMap((geometry, i) => geometry && !recomputed[i]?.geometry ? [{ geometry, path: `${pathOf(i)}.geometry` }] : []));
    const { value, map } = await writeToMap(this.store, write, async (tx, current) => {
      await areasOfFolder(tx, current, write.folderUuid, changes.map((change) => change.uuid));
      await assertRecipesUnchanged(tx, current, changes, recomputed);
      await assertValidGeometries(tx, geometries.flatMap((geometry, i) =>
        geometry ? [{ geometry, path: `${pathOf(i)}.geometry` }] : []));
      for (const [i, change] of changes.entries()) {
        const geometry = geometries[i];
        await tx.areas.update(change.uuid, { ...change, ...recomputed[i]?.starts, geometry: geometry && { geometry, hash: geometryHash(geometry) } });
      }
      return tx.areas.listByUuids([...new Set(changes.map((change) => change.uuid))]);
    });
    return { areas: value.map(toArea), version: map.version };
  }

  /**
   * The geometries of the changes that alter an area's recipe, computed before the map is locked
   * (a travel-time area may take a while); null for the other changes. The area once changed must
   * be one the create request accepts (a circle keeps a centre and a radius…).
   */
  private async recomputeGeometries(
    write: FolderWrite, changes: AreaChangesInput[], locale: Locale, pathOf: (index: number) => string,
  ): Promise<(RecomputedGeometry | null)[]> {
    if (!changes.some(changesRecipe)) return changes.map(() => null);
    const { map, role } = await readableMap(this.store, write.ref, write.clientId);
    if (!canEdit(role)) throw new DomainError('forbidden');
    const uuids = changes.filter(changesRecipe).map((change) => change.uuid);
    const inFolder = new Set((await this.store.areas.places(map.id, uuids))
      .filter((place) => place.folderUuid === write.folderUuid).map((place) => place.uuid));
    const stored = new Map((await this.store.areas.listByUuids(uuids.filter((uuid) => inFolder.has(uuid)))).map((area) => [area.uuid, area]));
    return Promise.all(changes.map(async (change, i): Promise<RecomputedGeometry | null> => {
      if (!changesRecipe(change)) return null;
      const area = stored.get(change.uuid);
      if (!area) throw areaNotFound();
      const next = areaAfterChange(area, change);
      const issues = areaRecipeIssues(next);
      if (issues.length > 0) {
        const base = pathOf(i).split('.').slice(1);
        throw new RequestValidationError(issues.map((issue) => ({
          code: 'custom', input: undefined, message: issue.message, path: [...base, ...issue.path],
        })), 'body');
      }
      const geometry = areaRecipe(next) === 'polygon' ? null : canonicalGeometry(await this.resolvers.resolve(next, { locale }));
      return { geometry, starts: storedStarts(next), basedOn: recipeKey(area) };
    }));
  }

  private assertDrawable(geometries: { geometry: AreaGeometry; path: string }[]): Promise<void> {
    return assertDrawableIn(this.compute, geometries);
  }

  async delete(write: FolderWrite, uuids: string[]): Promise<{ version: number }> {
    const { map } = await writeToMap(this.store, write, async (tx, current) => {
      await areasOfFolder(tx, current, write.folderUuid, uuids);
      await tx.areas.deleteMany(uuids);
    });
    return { version: map.version };
  }

  /** Moves the area just before or after a reference area, into the reference's folder. */
  async move(write: FolderWrite & { areaUuid: string }, input: AreaMoveInput): Promise<{ version: number }> {
    const { map } = await writeToMap(this.store, write, async (tx, current) => {
      await areasOfFolder(tx, current, write.folderUuid, [write.areaUuid]);
      const [reference] = await tx.areas.places(current.id, [input.referenceAreaUuid]);
      // The reference must be in the map, and in the destination folder when one is named.
      if (!reference || (input.folderId !== undefined && input.folderId !== reference.folderUuid)) throw areaNotFound();
      if (reference.uuid === write.areaUuid) return;
      const siblings = (await tx.areas.positionsInFolder(reference.folderUuid)).filter((area) => area.id !== write.areaUuid);
      const { position, renumbered } = placeRelativeTo(siblings, reference.uuid, input.before);
      await tx.areas.setPositions(renumbered);
      await tx.areas.place(write.areaUuid, reference.folderUuid, position);
    });
    return { version: map.version };
  }
}

/** 400 with the path of each geometry that crosses itself (checked in a compute thread: O(n log n), off the event loop). */
export async function assertDrawableIn(compute: ComputePool, geometries: { geometry: AreaGeometry; path: string }[]): Promise<void> {
  const invalid = await compute.invalidAreas(geometries.map((item) => item.geometry));
  if (invalid.length > 0) {
    // The same answer as the request schema's: these are its checks, moved off the event loop.
    throw new RequestValidationError(invalid.map(({ index, reason }) => ({
      code: 'custom', input: undefined, message: reason, path: geometries[index]!.path.split('.').slice(1),
    })), 'body');
  }
}

/** A geometry computed before the lock is stale if the area's recipe changed meanwhile: 409, the client reloads. */
async function assertRecipesUnchanged(tx: MapStore, map: MapRow, changes: AreaChangesInput[], recomputed: (RecomputedGeometry | null)[]): Promise<void> {
  const uuids = changes.filter((_, i) => recomputed[i]).map((change) => change.uuid);
  if (uuids.length === 0) return;
  const now = new Map((await tx.areas.listByUuids(uuids)).map((area) => [area.uuid, recipeKey(area)]));
  if (changes.some((change, i) => recomputed[i] && now.get(change.uuid) !== recomputed[i]!.basedOn)) throw versionConflict(map.version);
}

/** Checks that the folder is the map's and that every area is in it (404 otherwise). */
async function areasOfFolder(tx: MapStore, map: MapRow, folderUuid: string, uuids: string[]): Promise<void> {
  await folderOfMap(tx, map, folderUuid);
  const places = await tx.areas.places(map.id, uuids);
  const inFolder = new Set(places.filter((place) => place.folderUuid === folderUuid).map((place) => place.uuid));
  if (uuids.some((uuid) => !inFolder.has(uuid))) throw areaNotFound();
}

/** 400 with the path of each geometry PostGIS finds invalid (what the request schema cannot see, e.g. a hole outside its shell). */
async function assertValidGeometries(tx: MapStore, geometries: { geometry: AreaGeometry; path: string }[]): Promise<void> {
  const invalid = await tx.areas.invalidGeometries(geometries.map((item) => item.geometry));
  if (invalid.length > 0) {
    const details = invalid.map(({ index, reason }) => ({ path: geometries[index]!.path, message: reason }));
    throw new DomainError('validation', { message: 'validation.invalidGeometry', details });
  }
}

