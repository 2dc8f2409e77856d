import Flatbush from 'flatbush';
import { ROUTING_MODES, type RoutingMode } from '../modes.js';
import { waySpeeds } from '../profiles.js';
import { haversineMeters } from '../geo.js';
import type { OsmSink } from '../osm/osm-sink.js';
import { Growable } from './growable.js';
import { WayNodePositions } from './way-node-positions.js';
import { GRAPH_FORMAT_VERSION, type BBox, type RoutingGraph } from './routing-graph.js';

const MODE_COUNT = ROUTING_MODES.length;

/**
 * Builds the CSR graph from two passes over an OSM extract: `ways` keeps the routable ways (their
 * node ids in one flat typed array, their speeds), then `nodes` keeps the positions of the nodes
 * those ways use and no other (WayNodePositions), so memory grows with the road network rather
 * than with everything the extract maps.
 */
export class GraphBuilder {
  private readonly wayRefs = new Growable(Float64Array, 1 << 16);
  private readonly wayStarts = new Growable(Uint32Array, 1 << 12);
  /** Per kept way, for each mode: forward then backward speed (km/h). */
  private readonly waySpeedValues = new Growable(Float32Array, 1 << 12);
  private positions: WayNodePositions | null = null;
  routableWays = 0;

  /** The first pass: the routable ways. */
  readonly ways: OsmSink = {
    skips: 'nodes',
    node: () => {},
    way: (id, refs, tags) => this.way(id, refs, tags),
  };

  /** The second pass, once the ways are read: the positions of the nodes they use. */
  get nodes(): OsmSink {
    const positions = this.usedNodes();
    return { skips: 'ways', node: (id, lon, lat) => positions.node(id, lon, lat), way: () => {} };
  }

  private usedNodes(): WayNodePositions {
    return (this.positions ??= new WayNodePositions(this.wayRefs.view()));
  }

  private way(_id: number, refs: readonly number[], tags: Readonly<Record<string, string>>): void {
    if (refs.length < 2) return;
    const speeds = waySpeeds(tags);
    if (!speeds) return;
    this.routableWays++;
    this.wayStarts.push(this.wayRefs.length);
    for (const ref of refs) this.wayRefs.push(ref);
    for (const mode of ROUTING_MODES) {
      this.waySpeedValues.push(speeds[mode].forward);
      this.waySpeedValues.push(speeds[mode].backward);
    }
  }

  build(source: string): RoutingGraph {
    const positions = this.usedNodes();
    const wayStarts = this.wayStarts.view();
    const refs = this.wayRefs.view();
    const speeds = this.waySpeedValues.view();
    const wayCount = wayStarts.length;
    const wayEnd = (w: number) => (w + 1 < wayCount ? wayStarts[w + 1]! : refs.length);

    // Each reference's index among the used nodes (-1 when the extract cut the node off), and the graph's numbering of them.
    const refNode = positions.resolve(refs);
    const { graphIndex, nodeCount, lon: nodeLon, lat: nodeLat } = positions.numbered();

    const forEachSegment = (visit: (way: number, from: number, to: number) => void) => {
      for (let w = 0; w < wayCount; w++) {
        for (let i = wayStarts[w]!, end = wayEnd(w) - 1; i < end; i++) {
          const a = refNode[i]!;
          const b = refNode[i + 1]!;
          if (a < 0 || b < 0 || a === b) continue;
          visit(w, graphIndex[a]!, graphIndex[b]!);
        }
      }
    };
    const allowedForward = (w: number) => hasSpeed(speeds, w, 0);
    const allowedBackward = (w: number) => hasSpeed(speeds, w, 1);

    const degree = new Uint32Array(nodeCount + 1);
    let segmentCount = 0;
    forEachSegment((w, a, b) => {
      segmentCount++;
      if (allowedForward(w)) degree[a]!++;
      if (allowedBackward(w)) degree[b]!++;
    });
    const offsets = new Uint32Array(nodeCount + 1);
    for (let n = 0; n < nodeCount; n++) offsets[n + 1] = offsets[n]! + degree[n]!;
    const edgeCount = offsets[nodeCount]!;
    const fill = offsets.slice(0, nodeCount);
    const targets = new Uint32Array(edgeCount);
    const lengths = new Float32Array(edgeCount);
    const times = Object.fromEntries(ROUTING_MODES.map((m) => [m, new Float32Array(edgeCount)])) as Record<RoutingMode, Float32Array>;
    const segmentFrom = new Uint32Array(segmentCount);
    const segmentTo = new Uint32Array(segmentCount);
    const segmentForward = new Int32Array(segmentCount);
    const segmentBackward = new Int32Array(segmentCount);
    const segmentModes = new Uint8Array(segmentCount);

    const addEdge = (w: number, from: number, to: number, length: number, direction: 0 | 1): number => {
      const e = fill[from]!++;
      targets[e] = to;
      lengths[e] = length;
      for (let m = 0; m < MODE_COUNT; m++) {
        const kmh = speeds[w * MODE_COUNT * 2 + m * 2 + direction]!;
        times[ROUTING_MODES[m]!][e] = kmh > 0 ? length / (kmh / 3.6) : Infinity;
      }
      return e;
    };

    let s = 0;
    forEachSegment((w, a, b) => {
      const length = haversineMeters(nodeLon[a]!, nodeLat[a]!, nodeLon[b]!, nodeLat[b]!);
      segmentFrom[s] = a;
      segmentTo[s] = b;
      segmentForward[s] = allowedForward(w) ? addEdge(w, a, b, length, 0) : -1;
      segmentBackward[s] = allowedBackward(w) ? addEdge(w, b, a, length, 1) : -1;
      let mask = 0;
      for (let m = 0; m < MODE_COUNT; m++) {
        const base = w * MODE_COUNT * 2 + m * 2;
        if (speeds[base]! > 0 || speeds[base + 1]! > 0) mask |= 1 << m;
      }
      segmentModes[s++] = mask;
    });

    // Float32 boxes halve the index; they are only used to find candidates, exact distances use the Float64 coordinates.
    const segmentIndex = new Flatbush(Math.max(1, segmentCount), 16, Float32Array);
    for (let i = 0; i < segmentCount; i++) {
      const a = segmentFrom[i]!;
      const b = segmentTo[i]!;
      segmentIndex.add(
        Math.min(nodeLon[a]!, nodeLon[b]!), Math.min(nodeLat[a]!, nodeLat[b]!),
        Math.max(nodeLon[a]!, nodeLon[b]!), Math.max(nodeLat[a]!, nodeLat[b]!),
      );
    }
    if (segmentCount === 0) segmentIndex.add(0, 0, 0, 0);
    segmentIndex.finish();

    return {
      header: {
        version: GRAPH_FORMAT_VERSION,
        source,
        importedAt: new Date().toISOString(),
        bbox: boundingBox(nodeLon, nodeLat),
        modes: [...ROUTING_MODES],
        nodeCount,
        edgeCount,
        segmentCount,
      },
      lon: nodeLon, lat: nodeLat, offsets, targets, lengths, times,
      segmentFrom, segmentTo, segmentForward, segmentBackward, segmentModes, segmentIndex,
    };
  }
}

function hasSpeed(speeds: Float32Array, way: number, direction: 0 | 1): boolean {
  for (let m = 0; m < MODE_COUNT; m++) if (speeds[way * MODE_COUNT * 2 + m * 2 + direction]! > 0) return true;
  return false;
}

function boundingBox(lon: Float64Array, lat: Float64Array): BBox {
  const box: BBox = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < lon.length; i++) {
    box[0] = Math.min(box[0], lon[i]!);
    box[1] = Math.min(box[1], lat[i]!);
    box[2] = Math.max(box[2], lon[i]!);
    box[3] = Math.max(box[3], lat[i]!);
  }
  return box;
}
