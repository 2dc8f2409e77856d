/**
 * The city/postcode extractor (SPEC §7 Appkeys extractor/{kind}, §8, §9): the area is made by the
 * maps' own recipes (a circle, or the routing engine's isochrone or road isodistance), its cities
 * or postcodes are the units the divisions tab would list for it, and the key's kind sets the
 * limits (packages/domain extractor/). A key's 15 most recent extractions are kept as answered:
 * asking one again computes nothing and takes no extraction from the month's allowance.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  DomainError, extractionPolicy, FEATURES, usageMonth, withinExtractionRange, EXTRACTION_CACHE_ENTRIES,
  type AdministrativeKind, type AreaGeometry, type CreateArea, type DivisionRow, type ExtractedItem, type ExtractionPolicy, type ExtractionRange, type ExtractorRequest, type ExtractorResponse, type Locale,
} from '@catchment/domain';
import type { AuthenticatedKey } from '../appkeys/app-keys.service.js';
import type { AreaGeometryResolvers } from '../maps/area-geometry.js';
import type { AreaRecord } from '../maps/areas.repository.js';
import { parseMapRef } from '../maps/map-ref.js';
import type { MapStore } from '../maps/map-store.js';
import { readableAreas } from '../territories/map-areas.js';
import { requireFeatures } from '../plans/plan-access.js';
import type { TerritoryData } from '../territories/data/territory-data.js';
import type { DivisionsService } from '../territories/divisions.service.js';
import type { ExtractionsRepository } from './extractions.repository.js';

export interface ExtractorDependencies {
  store: ExtractionsRepository;
  /** The maps whose areas the XLSX export reads. */
  maps: MapStore;
  areas: AreaGeometryResolvers;
  divisions: DivisionsService;
  data: TerritoryData;
  /** The paid key's range (EXTRACTOR_RANGE); a demo key has the same, its items being few anyway. */
  range: ExtractionRange;
  now?: () => Date;
  /** Where a failure of ours is told to the operator (the client gets the retry message). */
  logFailure?: (error: unknown) => void;
}

export class ExtractorService {
  private readonly now: () => Date;

  constructor(private readonly deps: ExtractorDependencies) {
    this.now = deps.now ?? (() => new Date());
  }

  async extract(key: AuthenticatedKey, kind: AdministrativeKind, request: ExtractorRequest, locale: Locale): Promise<ExtractorResponse> {
    const policy = extractionPolicy(key.kind);
    this.checkRange(request);
    const snapshot = await this.checkKind(key, kind);

    const month = usageMonth(this.now());
    const requestHash = hashOf(kind, request, snapshot.version);
    let items = await this.deps.store.cached(key.id, requestHash);
    const cached = items !== undefined;
    if (!items) {
      items = await this.counted(key, month, () => this.compute(kind, request, locale));
      await this.deps.store.remember(key.id, requestHash, items, EXTRACTION_CACHE_ENTRIES);
    }
    checkItems(policy, items.length);
    return {
      kind,
      items,
      cached,
      extractionsThisMonth: await this.deps.store.extractionsIn(key.id, month),
      extractionsPerMonth: policy.extractionsPerMonth,
      maxItems: policy.maxItems,
    };
  }

  /**
   * The cities or postcodes each area of one of the key's account's maps covers (the extractor's
   * XLSX export): one extraction of the month for them all, a demo key's 20 items for them all.
   */
  async extractAreas(key: AuthenticatedKey, kind: AdministrativeKind, mapId: string, areaIds: string[]): Promise<{ areas: AreaRecord[]; rows: DivisionRow[][] }> {
    await this.checkKind(key, kind);
    const areas = await readableAreas(this.deps.maps, parseMapRef(mapId), key.clientId, areaIds);
    const rows = await this.counted(key, usageMonth(this.now()), () => Promise.all(areas.map((area) => this.rowsIn(kind, area.geometry))));
    checkItems(extractionPolicy(key.kind), rows.reduce((sum, list) => sum + list.length, 0));
    return { areas, rows };
  }

  /** A paid key extracts as its plan allows (a demo key is offered to every account), kinds this server holds. */
  private async checkKind(key: AuthenticatedKey, kind: AdministrativeKind) {
    if (key.kind === 'paid') requireFeatures(key.access, FEATURES.extractor(kind));
    const snapshot = await this.deps.data.snapshot();
    if (!snapshot.kinds.some((summary) => summary.kind === kind)) throw new DomainError('extractionKindUnavailable', { details: { kind } });
    return snapshot;
  }

  /** Runs an extraction taken from the key's month (a paid key's), handed back if it fails. */
  private async counted<T>(key: AuthenticatedKey, month: string, extraction: () => Promise<T>): Promise<T> {
    const { extractionsPerMonth } = extractionPolicy(key.kind);
    if (extractionsPerMonth !== null && (await this.deps.store.reserve(key.id, month, extractionsPerMonth)) === undefined) {
      throw new DomainError('extractionQuotaReached', { details: { max: extractionsPerMonth } });
    }
    try {
      return await extraction();
    } catch (error) {
      if (extractionsPerMonth !== null) await this.deps.store.release(key.id, month);
      throw this.asClientError(error);
    }
  }

  private checkRange(request: ExtractorRequest): void {
    if (withinExtractionRange(request.isoMode, request.value, this.deps.range)) return;
    throw new DomainError('extractionOutOfRange', {
      details: { hours: this.deps.range.maxSeconds / 3_600, kilometres: this.deps.range.maxMeters / 1_000, value: request.value },
    });
  }

  private async compute(kind: AdministrativeKind, request: ExtractorRequest, locale: Locale): Promise<ExtractedItem[]> {
    const recipe: CreateArea = {
      uuid: randomUUID(),
      isoMode: request.isoMode,
      transportMode: request.transportMode,
      startPoint: request.startPoint,
      ...(request.isoMode === 'isochrone' ? { duration: request.value } : { distance: request.value }),
      ...(request.departureDate ? { departureDate: request.departureDate } : {}),
    };
    const rows = await this.rowsIn(kind, await this.deps.areas.resolve(recipe, { locale }));
    return rows.map((row) => ({
      code: row.code,
      name: row.name,
      ...(row.parentName ? { parentName: row.parentName } : {}),
      share: row.share,
      population: row.population,
    }));
  }

  /** The units of the kind an area covers, as the divisions tab lists them (largest share first). */
  private async rowsIn(kind: AdministrativeKind, geometry: AreaGeometry): Promise<DivisionRow[]> {
    const { units } = await this.deps.divisions.coveredUnits({ uuid: 'extraction', hash: 'extraction', geometry }, undefined, [kind]);
    return units.map(({ row }) => row);
  }

  /** The rules' refusals go out as they are; anything else is ours, and the client may retry. */
  private asClientError(error: unknown): DomainError {
    if (error instanceof DomainError) return error;
    this.deps.logFailure?.(error);
    return new DomainError('extractionFailed');
  }
}

/** A demo key's extraction lists at most its items. */
function checkItems(policy: ExtractionPolicy, count: number): void {
  if (policy.maxItems !== null && count > policy.maxItems) throw new DomainError('extractionTooManyResults', { details: { count, max: policy.maxItems } });
}

/** Names a request on one version of the territorial data (a new import makes new names). */
function hashOf(kind: AdministrativeKind, request: ExtractorRequest, dataVersion: number): string {
  const { startPoint, isoMode, transportMode, value, departureDate } = request;
  return createHash('sha256').update(JSON.stringify([kind, startPoint, isoMode, transportMode, value, departureDate ?? null, dataVersion])).digest('base64url');
}
