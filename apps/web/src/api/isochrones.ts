/** POST /v2/isochrones: the polygons of travel times or road distances, for the panel's preview. */
import type { IsochronesRequest, MultiPolygonGeometry } from '@catchment/domain';
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
