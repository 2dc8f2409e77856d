/**
 * Travel-time and road-distance areas: the rules of the product around the routing engine. Checks
 * values (SPEC §5, §9) and where the mode is offered (SPEC §8), then asks the engine, which
 * computes off the event loop in its worker threads, and turns its failures into domain errors.
 */
import {
  DomainError, isMessageKey, isRoutedTransportMode, normalizeIsochroneValues, translate,
  type ErrorMessageKey, type ErrorName, type IsochroneRouteRequest, type IsochroneRouteResponse, type IsochronesRequest, type Locale, type MultiPolygonGeometry, type RoadNetwork, type RoutedIsoMode, type TransportMode,
} from '@catchment/domain';
import { isRoutingError, type IsochroneCollection, type IsochroneProvider, type RoutingErrorCode } from '@catchment/routing';
import type { CountryLocator } from '@catchment/geodata';
import { modeRefusal, type ModeCountries } from './mode-availability.js';

export interface IsochroneAnswer extends IsochroneCollection {
  meta: {
    country: string | null;
    /** Some values were not whole numbers and were replaced by the mode's default (SPEC §5). */
    defaultsApplied: boolean;
    /**
     * Transit: true, the timetables were read at `departureDate` (the one asked, or now when none
     * was). Road modes: false (traffic data does not exist yet, a departure date does not change them).
     */
    departureDateUsed: boolean;
    departureDate?: string;
  };
}

/**
 * Farther than this from the coarse (1:50m) coastline, a point is at sea. The coastline is off by
 * up to about a kilometre around small harbours (Monaco's), hence the margin.
 */
export const SEA_MARGIN_METERS = 1_500;

/** What the operator can do where no road network covers a start point (logged, not sent to users). */
export const IMPORT_ROADS_HINT = 'import an OpenStreetMap extract of the region (npm run data -- import osm <file.osm.pbf>) and restart the server';

/** Each engine failure as the client sees it: an entry of the error catalogue, and its message. */
export const ROUTING_FAILURES: Record<RoutingErrorCode, { error: ErrorName; message: ErrorMessageKey }> = {
  NO_GRAPH_FOR_POINT: { error: 'noRoadNetwork', message: 'errors.noRoadNetwork' },
  START_TOO_FAR: { error: 'startTooFar', message: 'errors.startTooFar' },
  POINT_TOO_FAR: { error: 'pointTooFar', message: 'errors.pointTooFar' },
  UNREACHABLE: { error: 'routeUnreachable', message: 'errors.routeUnreachable' },
  MODE_NOT_AVAILABLE: { error: 'modeNotInNetwork', message: 'errors.modeNotInNetwork' },
  INVALID_VALUE: { error: 'validation', message: 'validation.invalidValue' },
  CANNOT_CALCULATE: { error: 'areaCannotBeCalculated', message: 'errors.areaCannotBeCalculated' },
  BUSY: { error: 'serverBusy', message: 'errors.serverBusy' },
  // Only a caller that gave up has its search cancelled, so nobody reads this; "try again" is what it would mean.
  CANCELLED: { error: 'serverBusy', message: 'errors.serverBusy' },
  NO_TIMETABLE_FOR_POINT: { error: 'noTransitTimetable', message: 'errors.noTransitTimetable' },
  NO_TIMETABLE_FOR_DATE: { error: 'transitDateNotCovered', message: 'errors.transitDateNotCovered' },
};

export class IsochroneService {
  constructor(
    private readonly engine: IsochroneProvider | undefined,
    private readonly countries: CountryLocator,
    private readonly modeCountries: ModeCountries,
  ) {}

  /** `signal`: the client went away; the search is stopped in its routing thread, which takes the next one. */
  async compute(request: IsochronesRequest, signal?: AbortSignal): Promise<IsochroneAnswer> {
    const normalized = normalizeIsochroneValues(request.isoMode, request.values);
    if (!normalized.ok) throw new DomainError('validation', { message: normalized.messageKey, details: { value: normalized.value } });
    // The schema lets exactly one of startPoint and startPoints through.
    const starts = request.startPoints ?? [request.startPoint!];
    const startPoint = starts[0]!;
    const country = this.countries.countryAt(startPoint);
    const landMeters = starts.map((point) => this.countries.landDistanceMeters(point));
    // At sea no mode and no region's roads can help: said before anything else (a road may still
    // lie within the engine's snapping distance, but an area from there would start on the water).
    const atSeaIndex = landMeters.findIndex((meters) => meters > SEA_MARGIN_METERS);
    if (atSeaIndex >= 0) throw atSea(starts[atSeaIndex]!);
    for (const point of starts) {
      const where = point === startPoint ? country : this.countries.countryAt(point);
      const refusal = modeRefusal(this.modeCountries, request.transportMode, where);
      if (refusal) throw new DomainError('modeNotOffered', { message: refusal, details: { transportMode: request.transportMode, country: where ?? null } });
    }
    if (request.transportMode === 'transit') {
      return this.computeTransit(request, { startPoint, country, landMeters: landMeters[0]!, values: normalized.values, defaultsApplied: normalized.defaultsApplied }, signal);
    }
    if (!isRoutedTransportMode(request.transportMode)) {
      // A circle is geometry, not a road search.
      throw new DomainError('areaCannotBeCalculated', { details: { transportMode: request.transportMode } });
    }
    if (!this.engine) throw noRoadNetwork(startPoint);
    // External servers compute neither arrival nor several-start areas: refused rather than answered as departure from one.
    if ((request.startPoints || request.direction === 'arrival') && !this.engine.route) {
      throw new DomainError('routingOptionUnavailable', { details: { direction: request.direction ?? 'departure', startPoints: starts.length } });
    }
    try {
      const collection = await this.engine.isochrones({
        startPoint, isoMode: request.isoMode, transportMode: request.transportMode, values: normalized.values,
        ...(request.startPoints ? { startPoints: request.startPoints } : {}),
        ...(request.direction === 'arrival' ? { direction: 'arrival' } : {}),
      }, { signal });
      return { ...collection, meta: { country: country ?? null, defaultsApplied: normalized.defaultsApplied, departureDateUsed: false } };
    } catch (error) {
      if (!isRoutingError(error)) throw error;
      const point = pointOf(error.details) ?? startPoint;
      if (error.code === 'NO_GRAPH_FOR_POINT') throw noRoadNetwork(point);
      // No road within the snapping distance and not on land: the sea, not a road the user missed.
      const startIndex = Math.max(0, starts.findIndex(([lng, lat]) => lng === point[0] && lat === point[1]));
      if (error.code === 'START_TOO_FAR' && landMeters[startIndex]! > 0) throw atSea(point);
      const failure = ROUTING_FAILURES[error.code];
      throw new DomainError(failure.error, { message: failure.message, details: error.details });
    }
  }

  /**
   * Walking and public transport, from one start leaving at departureDate, or with direction
   * arrival to it arriving by departureDate (now when the request gives none; the answer's meta
   * says which was used), read in the timetables covering the start.
   */
  private async computeTransit(
    request: IsochronesRequest,
    { startPoint, country, landMeters, values, defaultsApplied }: { startPoint: [number, number]; country: string | undefined; landMeters: number; values: number[]; defaultsApplied: boolean },
    signal?: AbortSignal,
  ): Promise<IsochroneAnswer> {
    if (request.isoMode !== 'isochrone' || request.startPoints) {
      throw new DomainError('transitOptionUnavailable', { details: { isoMode: request.isoMode, direction: request.direction ?? 'departure' } });
    }
    // External routing servers have no timetables.
    if (!this.engine?.transitFeeds) throw new DomainError('noTransitTimetable', { details: { point: startPoint } });
    const departureMs = request.departureDate ? Date.parse(request.departureDate) : Date.now();
    const departureDate = new Date(departureMs).toISOString();
    try {
      const collection = await this.engine.isochrones({
        startPoint, isoMode: 'isochrone', transportMode: 'transit', values, departureMs, ...(request.direction ? { direction: request.direction } : {}),
      }, { signal });
      return { ...collection, meta: { country: country ?? null, defaultsApplied, departureDateUsed: true, departureDate } };
    } catch (error) {
      if (!isRoutingError(error)) throw error;
      if (error.code === 'NO_GRAPH_FOR_POINT') throw noRoadNetwork(startPoint);
      if (error.code === 'START_TOO_FAR' && landMeters > 0) throw atSea(startPoint);
      const failure = ROUTING_FAILURES[error.code];
      throw new DomainError(failure.error, { message: failure.message, details: error.details });
    }
  }

  /**
   * POST /v2/isochrones/route: the fastest way between the start and a point, with the duration
   * the isochrone's search gives the point. The same rules as an area (sea, where the mode is
   * offered, a routed mode), then the engine's errors named after the point concerned.
   */
  async route(request: IsochroneRouteRequest, signal?: AbortSignal): Promise<IsochroneRouteResponse> {
    const { startPoint, point, transportMode } = request;
    const startLand = this.countries.landDistanceMeters(startPoint);
    const pointLand = this.countries.landDistanceMeters(point);
    if (startLand > SEA_MARGIN_METERS) throw atSea(startPoint);
    if (pointLand > SEA_MARGIN_METERS) throw pointAtSea(point);
    const country = this.countries.countryAt(startPoint);
    const refusal = modeRefusal(this.modeCountries, transportMode, country);
    if (refusal) throw new DomainError('modeNotOffered', { message: refusal, details: { transportMode, country: country ?? null } });
    if (!isRoutedTransportMode(transportMode)) throw new DomainError('areaCannotBeCalculated', { details: { transportMode } });
    if (!this.engine) throw noRoadNetwork(startPoint);
    if (!this.engine.route) throw new DomainError('routingOptionUnavailable', { details: { route: true } });
    try {
      const route = await this.engine.route({ startPoint, point, transportMode, direction: request.direction ?? 'departure' }, { signal });
      return {
        duration: route.duration,
        distance: Math.round(route.distance * 10) / 10,
        geometry: { type: 'LineString', coordinates: route.geometry.coordinates.map(([lng = 0, lat = 0]) => [lng, lat] as [number, number]) },
      };
    } catch (error) {
      if (!isRoutingError(error)) throw error;
      if (error.code === 'NO_GRAPH_FOR_POINT') throw noRoadNetwork(pointOf(error.details) ?? startPoint);
      if (error.code === 'START_TOO_FAR' && startLand > 0) throw atSea(startPoint);
      if (error.code === 'POINT_TOO_FAR' && pointLand > 0) throw pointAtSea(point);
      const failure = ROUTING_FAILURES[error.code];
      throw new DomainError(failure.error, { message: failure.message, details: error.details });
    }
  }

  /**
   * The road networks loaded (by our engine: an external server does not list its regions), named
   * in the locale: the operator's first, then the demo's, by name within each.
   */
  roadNetworks(locale: Locale): RoadNetwork[] {
    return (this.engine?.regions?.() ?? [])
      .map((region) => ({ id: region.region, name: regionName(region.region, locale), bbox: region.bbox, demo: region.fallback }))
      .sort((a, b) => Number(a.demo) - Number(b.demo) || a.name.localeCompare(b.name, locale));
  }

  /** One band, for an area of a map (from its start or starts, leaving or reaching them; transit at its departure): its MultiPolygon. */
  async computeOne(
    isoMode: RoutedIsoMode, transportMode: TransportMode, value: number,
    starts: Pick<IsochronesRequest, 'startPoint' | 'startPoints' | 'direction' | 'departureDate'>,
  ) {
    const answer = await this.compute({ isoMode, transportMode, ...starts, values: [value] });
    const feature = answer.features[0];
    if (!feature || feature.geometry.coordinates.length === 0) {
      throw new DomainError('areaCannotBeCalculated');
    }
    const geometry: MultiPolygonGeometry = {
      type: 'MultiPolygon',
      coordinates: feature.geometry.coordinates.map((polygon) => polygon.map((ring) => ring.map(([lng = 0, lat = 0]) => [lng, lat] as [number, number]))),
    };
    return geometry;
  }
}

function atSea(point: [number, number]): DomainError {
  return new DomainError('startAtSea', { details: { point } });
}

function pointAtSea(point: [number, number]): DomainError {
  return new DomainError('pointAtSea', { details: { point } });
}

/** The point an engine error is about, when it names one (several starts, a route's two points). */
function pointOf(details: Record<string, unknown>): [number, number] | null {
  const point = details.point;
  if (!Array.isArray(point) || point.length !== 2) return null;
  const [lng, lat] = point as unknown[];
  return typeof lng === 'number' && typeof lat === 'number' ? [lng, lat] : null;
}

/** A region whose roads nobody imported: the user reads what they can do, the operator's log how to import them. */
function noRoadNetwork(point: [number, number]): DomainError {
  const [lng, lat] = point;
  return new DomainError('noRoadNetwork', {
    details: { point },
    operatorHint: `No road network covers ${lng.toFixed(5)}, ${lat.toFixed(5)}: ${IMPORT_ROADS_HINT}`,
  });
}

/** The catalogue's name of a demo region; an operator's region goes by its file name (`bayern-latest`). */
function regionName(region: string, locale: Locale): string {
  const key = `roadNetworks.${region}`;
  return isMessageKey(key) ? translate(locale, key) : region;
}
