/**
 * The "where to open" layer of a saved map (POST /v2/maps/{id}/heatmap/reachability,
 * apps/api/src/heatmaps/reachability): the cells with the people reachable from each, the best
 * ones, classes and colours. Refusals come translated by the server (NO_ROAD_NETWORK, too many
 * cells, REACHABILITY_TIMEOUT past its time limit, PLAN_REQUIRED).
 */
import type { ReachabilityHeatmap, ReachabilityHeatmapRequest } from '@catchment/domain';
import { apiRequest } from './client.js';

export const computeReachability = (mapId: string, request: ReachabilityHeatmapRequest, signal?: AbortSignal) =>
  apiRequest<ReachabilityHeatmap>('POST', `/v2/maps/${mapId}/heatmap/reachability`, request, { signal });
