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
  type AdministrativeKind, type CreateArea, type ExtractedItem, type ExtractionRange, type ExtractorRequest, type ExtractorResponse, type Locale,
} from '@catchment/domain';
import type { AuthenticatedKey } from '../appkeys/app-keys.service.js';
import type { AreaGeometryResolvers } from '../maps/area-geometry.js';
import { requireFeatures } from '../plans/plan-access.js';
import type { TerritoryData } from '../territories/data/territory-data.js';
import type { DivisionsService } from '../territories/divisions.service.js';
import type { ExtractionsRepository } from './extractions.repository.js';

export interface ExtractorDependencies {
  store: ExtractionsRepository;
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
    // A demo key is offered to every account; a paid key extracts as its plan allows.
    if (key.kind === 'paid') requireFeatures(key.access, FEATURES.extractor(kind));
    this.checkRange(request);
    const snapshot = await this.deps.data.snapshot();
    if (!snapshot.kinds.some((summary) => summary.kind === kind)) throw new DomainError('extractionKindUnavailable', { details: { kind } });

    const month = usageMonth(this.now());
    const requestHash = hashOf(kind, request, snapshot.version);
    let items = await this.deps.store.cached(key.id, requestHash);
    const cached = items !== undefined;
    if (!items) {
      if (policy.extractionsPerMonth !== null && (await this.deps.store.reserve(key.id, month, policy.extractionsPerMonth)) === undefined) {
        throw new DomainError('extractionQuotaReached', { details: { max: policy.extractionsPerMonth } });
      }
      try {
        items = await this.compute(kind, request, locale);
      } catch (error) {
        if (policy.extractionsPerMonth !== null) await this.deps.store.release(key.id, month);
        throw this.asClientError(error);
      }
      await this.deps.store.remember(key.id, requestHash, items, EXTRACTION_CACHE_ENTRIES);
    }
    if (policy.maxItems !== null && items.length > policy.maxItems) {
      throw new DomainError('extractionTooManyResults', { details: { count: items.length, max: policy.maxItems } });
    }
    return {
      kind,
      items,
      cached,
      extractionsThisMonth: await this.deps.store.extractionsIn(key.id, month),
      extractionsPerMonth: policy.extractionsPerMonth,
      maxItems: policy.maxItems,
    };
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
    const geometry = await this.deps.areas.resolve(recipe, { locale });
    const { units } = await this.deps.divisions.coveredUnits({ uuid: recipe.uuid, hash: recipe.uuid, geometry }, undefined, [kind]);
    return units.map(({ row }) => ({
      code: row.code,
      name: row.name,
      ...(row.parentName ? { parentName: row.parentName } : {}),
      share: row.share,
      population: row.population,
    }));
  }

  /** The rules' refusals go out as they are; anything else is ours, and the client may retry. */
  private asClientError(error: unknown): DomainError {
    if (error instanceof DomainError) return error;
    this.deps.logFailure?.(error);
    return new DomainError('extractionFailed');
  }
}

/** Names a request on one version of the territorial data (a new import makes new names). */
function hashOf(kind: AdministrativeKind, request: ExtractorRequest, dataVersion: number): string {
  const { startPoint, isoMode, transportMode, value, departureDate } = request;
  return createHash('sha256').update(JSON.stringify([kind, startPoint, isoMode, transportMode, value, departureDate ?? null, dataVersion])).digest('base64url');
}
