/**
 * Collects the basemap features of an OpenStreetMap extract as the routing package's reader hands
 * it over (it has the shape of that reader's sink, so this package does not depend on routing):
 * roads, water, landuse, buildings, place labels, administrative boundaries, and land and sea from
 * the coastlines. Node positions, and the node lists of ways that relations may name, are kept
 * until `features()` builds the geometries, once every element has been read.
 */
import type { Feature, LineString, MultiPolygon, Point, Polygon } from 'geojson';
import {
  classifyArea, classifyBoundary, classifyPlace, classifyRoad, classifyWaterway, isDrawnAdminLevel,
  PROTOMAPS_LAYERS, type FeatureProperties, type ProtomapsLayerName,
} from './classify-osm.js';
import { coastlineLandAndSea } from './coastline-land.js';
import { assembleMultipolygon, closeRing, orient, type OsmMember } from './multipolygon.js';
import type { Box, Position } from './ring-geometry.js';
import { joinWays } from './join-ways.js';
import { NodePositions } from './node-positions.js';
import type { OsmTags } from './osm-names.js';

export type OsmRelationMemberLike = OsmMember;

export type BasemapFeature = Feature<Point | LineString | Polygon | MultiPolygon, FeatureProperties>;

export interface OsmBasemapFeatures {
  /** The area the features describe: the extract's bounds from its header, else the extent of its nodes. */
  bounds: Box;
  layers: Record<ProtomapsLayerName, BasemapFeature[]>;
  /**
   * The roads drawn below street zooms (up to ROAD_MERGE_MAX_ZOOM), merged into long lines of one
   * class and name: thousands of short ways made tiles of a city at zoom 9 weigh 170 kB; merged
   * they weigh a tenth of that.
   */
  mergedRoads: BasemapFeature[];
}

/** Up to this zoom tiles hold the merged roads; from the next one, every way as it is. */
export const ROAD_MERGE_MAX_ZOOM = 11;

interface PendingFeature { refs: readonly number[]; properties: FeatureProperties; layer: ProtomapsLayerName; polygon: boolean }

export class OsmBasemapCollector {
  private readonly nodes = new NodePositions();
  private lastNode: Position = [0, 0];
  private headerBounds: Box | undefined;
  private readonly places: BasemapFeature[] = [];
  private readonly pending: PendingFeature[] = [];
  private readonly wayRefs = new Map<number, readonly number[]>();
  private readonly coastlines: number[] = [];
  /** Ways that must not be drawn as boundaries (sea limits, or coasts that are already drawn). */
  private readonly notBoundaryWays = new Set<number>();
  /** Lowest admin level naming each way as part of a boundary. */
  private readonly boundaryLevels = new Map<number, number>();
  private readonly multipolygons: Array<{ members: readonly OsmRelationMemberLike[]; properties: FeatureProperties; layer: ProtomapsLayerName }> = [];

  node(_id: number, lon: number, lat: number): void {
    this.nodes.add(_id, lon, lat);
    this.lastNode = [lon, lat];
  }

  nodeTags(_id: number, tags: OsmTags): void {
    const place = classifyPlace(tags);
    if (place) this.places.push(feature({ type: 'Point', coordinates: [...this.lastNode] }, place.properties));
  }

  bounds(bounds: Box): void {
    if (bounds.every(Number.isFinite) && bounds[0] < bounds[2] && bounds[1] < bounds[3]) this.headerBounds = bounds;
  }

  way(id: number, refs: readonly number[], tags: OsmTags): void {
    if (refs.length < 2) return;
    // Relations come after ways: every way is kept by id for the multipolygons and boundaries that name it.
    this.wayRefs.set(id, refs);
    if (tags.natural === 'coastline') {
      this.coastlines.push(id);
      this.notBoundaryWays.add(id);
      return;
    }
    if (tags.maritime === 'yes' || tags.boundary === 'maritime') this.notBoundaryWays.add(id);
    if (tags.boundary === 'administrative') this.addBoundaryWay(id, Number(tags.admin_level));
    const closed = refs.length >= 4 && refs[0] === refs.at(-1);
    // A closed highway is a loop of road (a roundabout) unless it says it is an area.
    const area = closed && !(tags.highway && tags.area !== 'yes') ? classifyArea(tags) : null;
    if (area) {
      this.pending.push({ refs, properties: area.properties, layer: area.layer, polygon: true });
      return;
    }
    const line = classifyRoad(tags) ?? classifyWaterway(tags);
    if (line) this.pending.push({ refs, properties: line.properties, layer: line.layer, polygon: false });
  }

  relation(_id: number, members: readonly OsmRelationMemberLike[], tags: OsmTags): void {
    if (tags.type === 'multipolygon') {
      const area = classifyArea(tags);
      if (area) this.multipolygons.push({ members, properties: area.properties, layer: area.layer });
    } else if (tags.type === 'boundary' && tags.boundary === 'administrative') {
      const level = Number(tags.admin_level);
      for (const member of members) if (member.type === 'way') this.addBoundaryWay(member.ref, level);
    }
  }

  private addBoundaryWay(way: number, level: number): void {
    if (!Number.isInteger(level) || !isDrawnAdminLevel(level)) return;
    const known = this.boundaryLevels.get(way);
    if (known === undefined || level < known) this.boundaryLevels.set(way, level);
  }

  /** The features, once the whole extract has been read. */
  features(): OsmBasemapFeatures {
    const bounds = this.headerBounds ?? this.drawnExtent() ?? this.nodes.extent();
    if (!bounds) throw new Error('The extract holds no node: nothing to draw a basemap from');
    const layers = Object.fromEntries(PROTOMAPS_LAYERS.map((name) => [name, [] as BasemapFeature[]])) as OsmBasemapFeatures['layers'];

    const { land, sea } = coastlineLandAndSea(this.coastlineChains(), bounds);
    if (land.length > 0) layers.earth.push(feature({ type: 'MultiPolygon', coordinates: land }, { kind: 'earth', min_zoom: 0 }));
    if (sea.length > 0) layers.water.push(feature({ type: 'MultiPolygon', coordinates: sea }, { kind: 'ocean', min_zoom: 0 }));

    for (const item of this.pending) {
      const line = this.nodes.line(item.refs);
      if (line.length < 2) continue;
      if (item.polygon) {
        if (line.length >= 4) layers[item.layer].push(feature({ type: 'Polygon', coordinates: [orient(closeRing(line), true)] }, item.properties));
      } else {
        layers[item.layer].push(feature({ type: 'LineString', coordinates: line }, item.properties));
      }
    }
    for (const multipolygon of this.multipolygons) {
      const polygons = assembleMultipolygon(multipolygon.members, (way) => this.wayRefs.get(way), (refs) => this.nodes.line(refs));
      if (polygons.length > 0) layers[multipolygon.layer].push(feature({ type: 'MultiPolygon', coordinates: polygons }, multipolygon.properties));
    }
    for (const [way, level] of this.boundaryLevels) {
      if (this.notBoundaryWays.has(way)) continue;
      const refs = this.wayRefs.get(way);
      const line = refs ? this.nodes.line(refs) : [];
      if (line.length >= 2) layers.boundaries.push(feature({ type: 'LineString', coordinates: line }, classifyBoundary(level).properties));
    }
    layers.places.push(...this.places);
    return { bounds, layers, mergedRoads: this.mergedRoads() };
  }

  /** Roads shown below street zooms, joined end to end by class. */
  private mergedRoads(): BasemapFeature[] {
    const groups = new Map<string, { properties: FeatureProperties; ways: Array<readonly number[]> }>();
    for (const item of this.pending) {
      if (item.layer !== 'roads' || item.polygon || Number(item.properties.min_zoom) - 1 > ROAD_MERGE_MAX_ZOOM) continue;
      // Structures and one-way arrows only matter at street zooms; names stay for the major road labels.
      const { is_bridge: _bridge, is_tunnel: _tunnel, oneway: _oneway, ref: _ref, ...properties } = item.properties;
      const key = JSON.stringify(properties);
      const group = groups.get(key);
      if (group) group.ways.push(item.refs);
      else groups.set(key, { properties, ways: [item.refs] });
    }
    const features: BasemapFeature[] = [];
    for (const { properties, ways } of groups.values()) {
      const joined = joinWays(ways);
      for (const chain of [...joined.rings, ...joined.open]) {
        const line = this.nodes.line(chain);
        if (line.length >= 2) features.push(feature({ type: 'LineString', coordinates: line }, properties));
      }
    }
    return features;
  }

  /**
   * Without bounds in its header, where the extract has data: the extent of what is drawn (roads,
   * areas, coasts), not of every node. A sea boundary far offshore would otherwise stretch the box,
   * and a coast the extract cut would be closed along sides far from any data (Monaco's extract
   * reaches 25 km out to sea, and its coast stops at the border, short of Roquebrune's).
   */
  private drawnExtent(): Box | undefined {
    let box: Box | undefined;
    const add = (refs: readonly number[]) => {
      for (const ref of refs) {
        const position = this.nodes.get(ref);
        if (!position) continue;
        if (!box) box = [position[0], position[1], position[0], position[1]];
        else box = [Math.min(box[0], position[0]), Math.min(box[1], position[1]), Math.max(box[2], position[0]), Math.max(box[3], position[1])];
      }
    };
    for (const item of this.pending) add(item.refs);
    for (const way of this.coastlines) add(this.wayRefs.get(way)!);
    return box && box[0] < box[2] && box[1] < box[3] ? box : undefined;
  }

  private coastlineChains(): { rings: Position[][]; open: Position[][] } {
    const joined = joinWays(this.coastlines.map((way) => this.wayRefs.get(way)!), { keepDirection: true });
    return {
      rings: joined.rings.map((ring) => this.nodes.line(ring)).filter((ring) => ring.length >= 4),
      open: joined.open.map((chain) => this.nodes.line(chain)).filter((chain) => chain.length >= 2),
    };
  }
}

function feature<G extends BasemapFeature['geometry']>(geometry: G, properties: FeatureProperties): BasemapFeature {
  return { type: 'Feature', geometry, properties };
}
