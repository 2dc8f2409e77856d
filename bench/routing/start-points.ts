import { modeBit, type RoutingGraph } from '../../packages/routing/src/graph/routing-graph.js';
import { seededRandom } from '../stats.js';

/**
 * Seeded random start points on roads every benchmarked mode (car, bike, walk) may use, so each
 * point is a valid start for every request and the same points serve both engines and every run.
 */
export function startPoints(graph: RoutingGraph, count: number, seed: number): Array<[number, number]> {
  const random = seededRandom(seed);
  const wanted = modeBit(graph, 'car') | modeBit(graph, 'bike') | modeBit(graph, 'walk');
  const usable: number[] = [];
  for (let s = 0; s < graph.header.segmentCount; s++) if ((graph.segmentModes[s]! & wanted) === wanted) usable.push(s);
  if (usable.length === 0) throw new Error('No road usable by car, bike and walk in this graph');
  return Array.from({ length: count }, () => {
    const segment = usable[Math.floor(random() * usable.length)]!;
    const a = graph.segmentFrom[segment]!;
    const b = graph.segmentTo[segment]!;
    const t = random();
    const point: [number, number] = [
      graph.lon[a]! + (graph.lon[b]! - graph.lon[a]!) * t,
      graph.lat[a]! + (graph.lat[b]! - graph.lat[a]!) * t,
    ];
    return point;
  });
}

/** A seed per region, from its name, so regions do not share the same sequence. */
export function seedOf(name: string): number {
  let hash = 2_166_136_261;
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619);
  return hash >>> 0;
}
