/**
 * POST /v2/isochrones: the polygons of travel times or road distances, for the panel's preview; the
 * regions routed in; and POST /v2/isochrones/route, the way between an area's start and a point checked.
 */
import type {
  IsochroneRouteRequest, IsochroneRouteResponse, IsochronesRequest, MultiPolygonGeometry, RoadNetwork, RoadNetworksResponse,
} from '@catchment/domain';
import { apiRequest } from './client.js';

export interface IsochroneFeature {
  type: 'Feature';
  geometry: MultiPolygonGeometry;
  properties: { value: number; isoMode: string; transportMode: string; snappedPoint: [number, number] };
}

export interface IsochroneAnswer {
  type: 'FeatureCollection';
  features: IsochroneFeature[];
  meta: { country: string | null; defaultsApplied: boolean; departureDateUsed: boolean };
}

export function fetchIsochrones(request: IsochronesRequest, signal?: AbortSignal): Promise<IsochroneAnswer> {
  return apiRequest<IsochroneAnswer>('POST', '/v2/isochrones', request, { signal });
}

/** GET /v2/isochrones/regions: the road networks the server routes in, named in the user's language. */
export function fetchRoadNetworks(signal?: AbortSignal): Promise<RoadNetwork[]> {
  return apiRequest<RoadNetworksResponse>('GET', '/v2/isochrones/regions', undefined, { signal }).then((body) => body.regions);
}

/** POST /v2/isochrones/route: the time, distance and road between an area's start and a point (from the point, for arrival). */
export function fetchIsochroneRoute(request: IsochroneRouteRequest, signal?: AbortSignal): Promise<IsochroneRouteResponse> {
  return apiRequest<IsochroneRouteResponse>('POST', '/v2/isochrones/route', request, { signal });
}
