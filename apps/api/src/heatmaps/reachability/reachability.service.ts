/**
 * The "where to open" layer (POST /v2/maps/{id}/heatmap/reachability): for a grid over the map,
 * the people reachable from each cell within a travel time, net of what a competitors' search
 * already reaches. The rules around the engine's batch (routing's reachability-batch.ts): who may
 * ask (the map's readers, on a plan with heatmap:reachability), which people count (the census's
 * units, population-sources.ts), how far around the grid they are read, and the time limit.
 */
import {
  bestCells, cellGrid, classBreaks, classIndexOf, DomainError, FEATURES, grownBBox, heatmapColors, reachabilityExtent, reachMarginMeters,
  type ReachabilityHeatmap, type ReachabilityHeatmapRequest,
} from '@catchment/domain';
import type { CountryLocator } from '@catchment/geodata';
import { isRoutingError, type IsochroneProvider } from '@catchment/routing';
import { ROUTING_FAILURES } from '../../isochrones/isochrone.service.js';
import { modeRefusal, type ModeCountries } from '../../isochrones/mode-availability.js';
import { readableMap } from '../../maps/map-access.js';
import type { MapRef } from '../../maps/map-ref.js';
import type { MapStore } from '../../maps/map-store.js';
import type { PlanAccess } from '../../plans/plan-access.js';
import { filterOf, type SearchesService } from '../../poi/searches/searches.service.js';
import type { TerritoryData } from '../../territories/data/territory-data.js';
import { populationSources } from './population-sources.js';
import type { ReachabilityRepository } from './reachability.repository.js';

/** Past this the searches are stopped and the request ends with REACHABILITY_TIMEOUT (a 20 km grid of 500 m cells by car at 15 minutes takes a few seconds: bench/README.md). */
export const REACHABILITY_TIMEOUT_MS = 120_000;
/** Competitors read around the grid at most: the multi-source search costs the same for one or many, snapping them does not. */
export const MAX_COMPETITORS = 50_000;
/** Classes of the layer's colours (quantiles). */
const CLASSES = 5;

export interface ReachabilityDependencies {
  store: MapStore;
  plans: PlanAccess;
  searches: SearchesService;
  territories: TerritoryData;
  repository: ReachabilityRepository;
  routing: IsochroneProvider | undefined;
  /** Where each mode is offered (SPEC §8), as for isochrones: judged at the grid's centre. */
  modeCountries: ModeCountries;
  countries: CountryLocator;
  timeoutMs?: number;
}

export class ReachabilityService {
  private readonly timeoutMs: number;

  constructor(private readonly deps: ReachabilityDependencies) {
    this.timeoutMs = deps.timeoutMs ?? REACHABILITY_TIMEOUT_MS;
  }

  /** `signal`: the client went away; the batch is stopped. */
  async compute(ref: MapRef, clientId: number | undefined, body: ReachabilityHeatmapRequest, signal?: AbortSignal): Promise<ReachabilityHeatmap> {
    const started = performance.now();
    // Who may read the map first (404 for a stranger's private map, whatever their plan), then the plan.
    await readableMap(this.deps.store, ref, clientId);
    await this.deps.plans.require(clientId, FEATURES.reachabilityHeatmap);
    const competitorSearch = body.competitorSearchId === undefined ? undefined : (await this.deps.searches.readable(ref, clientId, body.competitorSearchId)).search;
    const engine = this.deps.routing;
    if (!engine?.reachability) throw new DomainError(engine ? 'reachabilityUnavailable' : 'noRoadNetwork');

    const extent = reachabilityExtent(body)!;
    const grid = cellGrid(extent, body.cellMeters);
    const center = 'center' in extent ? extent.center : ([(grid.bbox[0] + grid.bbox[2]) / 2, (grid.bbox[1] + grid.bbox[3]) / 2] as [number, number]);
    const country = this.deps.countries.countryAt(center);
    const refusal = modeRefusal(this.deps.modeCountries, body.transportMode, country);
    if (refusal) throw new DomainError('modeNotOffered', { message: refusal, details: { transportMode: body.transportMode, country: country ?? null } });
    const margin = reachMarginMeters(body.transportMode, body.durationSeconds);
    const snapshot = await this.deps.territories.snapshot();
    const units = await this.deps.repository.populatedUnits(grownBBox(grid.bbox, margin), snapshot.kinds.map((summary) => summary.kind));
    const population = populationSources(units, snapshot.nationalData);
    if (population.sources.length === 0) throw new DomainError('reachabilityNoPopulation');
    // A competitor reaches the people a cell reaches from up to one margin beyond them.
    const competitors = competitorSearch
      ? await this.deps.repository.competitorPositions(filterOf(competitorSearch), grownBBox(grid.bbox, 2 * margin), MAX_COMPETITORS)
      : [];

    const centers = grid.cells.map((cell) => cell.center);
    const result = await this.withTimeLimit(signal, (stop) => engine.reachability!({
      origins: centers,
      transportMode: body.transportMode,
      durationSeconds: body.durationSeconds,
      // A road anywhere in the cell (its centre to a corner): a cell without one is no place to open.
      originSnapMeters: Math.ceil(body.cellMeters * Math.SQRT1_2),
      population: population.sources,
      competitors,
    }, { signal: stop }));

    const values = result.values.map((value) => (value === null ? null : Math.round(value)));
    // Classes over the cells that reach someone: net of competitors most cells may reach nobody new,
    // and counted in, their zeros would make one class of the whole grid. Such a cell is left
    // uncoloured (-1), as one without roads: no place to open either.
    const breaks = classBreaks(values.filter((value): value is number => value !== null && value > 0), CLASSES, 'quantile');
    const classOf = (value: number | null) => (value === null || value <= 0 ? -1 : classIndexOf(value, breaks));
    return {
      cells: {
        type: 'FeatureCollection',
        features: grid.cells.map((cell) => ({
          type: 'Feature',
          properties: { index: cell.index, value: values[cell.index]!, class: classOf(values[cell.index]!) },
          geometry: { type: 'Polygon', coordinates: [cell.ring] },
        })),
      },
      best: bestCells(values, centers),
      breaks,
      colors: heatmapColors(Math.max(0, breaks.length - 1)),
      grid: { columns: grid.columns, rows: grid.rows, cellMeters: grid.cellMeters, bbox: grid.bbox },
      transportMode: body.transportMode,
      durationSeconds: body.durationSeconds,
      population: {
        placed: Math.round(result.population.placed),
        unplaced: Math.round(result.population.unplaced),
        excludedByCompetitors: Math.round(result.population.excludedByCompetitors),
        sources: population.kinds,
      },
      competitors: competitorSearch ? { searchId: competitorSearch.id, found: competitors.length, placed: result.competitors.placed } : null,
      region: result.region,
      computeMs: Math.round(performance.now() - started),
    };
  }

  /** Runs the batch until it ends, the client goes away or the time is up (then REACHABILITY_TIMEOUT, the searches stopped). */
  private async withTimeLimit<T>(signal: AbortSignal | undefined, run: (stop: AbortSignal) => Promise<T>): Promise<T> {
    const seconds = Math.ceil(this.timeoutMs / 1000);
    const timeout = new DomainError('reachabilityTimeout', { details: { seconds } });
    const timer = new AbortController();
    const handle = setTimeout(() => timer.abort(timeout), this.timeoutMs);
    try {
      return await run(signal ? AbortSignal.any([signal, timer.signal]) : timer.signal);
    } catch (error) {
      if (timer.signal.aborted && error === timeout) throw timeout;
      if (!isRoutingError(error)) throw error;
      const failure = ROUTING_FAILURES[error.code];
      throw new DomainError(failure.error, { message: failure.message, details: error.details });
    } finally {
      clearTimeout(handle);
    }
  }
}
