export { ROUTING_MODES, isRoutingMode, type RoutingMode } from './modes.js';
export { RoutingError, ROUTING_ERROR_CODES, isRoutingError, type RoutingErrorCode } from './errors.js';
export { waySpeeds, parseMaxspeed, type WaySpeeds, type DirectionalSpeed } from './profiles.js';
export { importOsm, progressBar, formatImportSummary, type ImportProgress, type ImportSummary } from './import/import-osm.js';
export {
  ensureDemoRoadNetworks,
  DEMO_ROAD_NETWORKS,
  type DemoRoadNetwork,
  type DemoRoadNetworkOptions,
  type DemoRoadNetworkReport,
} from './import/demo-road-networks.js';
export { loadGraph } from './graph/graph-file.js';
export type { RoutingGraph, GraphHeader, BBox } from './graph/routing-graph.js';
export { snapToRoad, MAX_SNAP_DISTANCE_METERS, type SnappedPoint } from './query/snap.js';
export { SearchWorkspace, type IsoMode, type Direction, type SearchResult } from './query/bounded-search.js';
export { RouteWorkspace, computeRoute, type Route, type RouteRequest } from './query/route.js';
export { reversedEdges, buildReversedEdges, type ReversedEdges } from './graph/reversed-edges.js';
export {
  computeIsochrones,
  type IsochroneRequest,
  type IsochroneCollection,
  type IsochroneProperties,
  type IsochroneTimings,
} from './query/compute-isochrones.js';
export { reachedPieces, PIECE_STRIDE, type ReachedPieces } from './query/reached-pieces.js';
export { reachedAreas, reachedRoadDrawing } from './query/reached-road.js';
export { AREA_SHAPE } from './polygon/reachable-area.js';
export { MAX_VALUE, MAX_START_POINTS, validateRequest, validateRouteRequest, type RawIsochroneRequest, type RawRouteRequest } from './engine/validate-request.js';
export {
  createRoutingEngine,
  graphsCovering,
  GRAPH_EXTENSION,
  type LoadedRegion,
  type RoutingEngine,
  type RoutingEngineOptions,
} from './engine/routing-engine.js';
export {
  chunkSize,
  type ReachabilityOptions,
  type ReachabilityRequest,
  type ReachabilityResult,
} from './engine/reachability-batch.js';
export { spreadNodeWeights, nearestNode, nodesInside, type WeightSource, type WeightsSpread } from './reach/node-weights.js';
export { reachSums, reachedWeight, excludeReached, type ReachSums, type Exclusion } from './reach/reach-sums.js';
export type { IsochroneCallOptions, IsochroneProvider, ExternalProviderOptions } from './providers/isochrone-provider.js';
export { EXTERNAL_PROVIDERS, isExternalProviderName, type ExternalProviderName } from './providers/external-providers.js';
export { readOsm } from './osm/read-osm.js';
export { importGtfs, formatGtfsImportSummary, feedName, type GtfsImportProgress, type GtfsImportSummary } from './import/import-gtfs.js';
export { loadTimetable, readTimetableHeader, TIMETABLE_EXTENSION, type Timetable, type TimetableHeader } from './transit/timetable.js';
export { RaptorWorkspace } from './transit/raptor.js';
export { computeTransitIsochrones, type TransitIsochroneRequest, type TransitTimings } from './transit/transit-isochrones.js';
export type { TransitFeed } from './engine/transit-timetables.js';
export type { OsmSink, OsmRelationMember, OsmBounds, ReadProgress } from './osm/osm-sink.js';
