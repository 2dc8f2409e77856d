/**
 * Polygons of an OpenStreetMap multipolygon (or boundary) relation from its member ways: the ways
 * are joined into rings, outer rings keep the inner rings that lie in them. Shared by the basemap
 * (land use, water) and the POI import (an area mapped as a relation, a country's border).
 */
import { joinWays } from './join-ways.js';
import { pointInRing, signedArea, type Position } from './ring-geometry.js';

export interface OsmMember { type: 'node' | 'way' | 'relation'; ref: number; role: string }

/** The node ids of a way the extract holds, or undefined. */
export type WayRefsLookup = (way: number) => readonly number[] | undefined;
/** The positions of the nodes the extract holds (a way cut by the extract keeps its known part). */
export type NodePositionsLookup = (refs: readonly number[]) => Position[];

/** Outer rings (counter-clockwise) with the inner rings that lie in them (clockwise). */
export function assembleMultipolygon(members: readonly OsmMember[], wayRefs: WayRefsLookup, positions: NodePositionsLookup): Position[][][] {
  const ringsOf = (role: (role: string) => boolean) => {
    const ways = members.filter((member) => member.type === 'way' && role(member.role)).flatMap((member) => {
      const refs = wayRefs(member.ref);
      return refs ? [refs] : [];
    });
    return joinWays(ways).rings.map((ring) => positions(ring)).filter((ring) => ring.length >= 4).map(closeRing);
  };
  const outers = ringsOf((role) => role !== 'inner').map((ring) => orient(ring, true));
  const inners = ringsOf((role) => role === 'inner').map((ring) => orient(ring, false));
  const polygons: Position[][][] = outers.map((outer) => [outer]);
  for (const inner of inners) {
    const owner = polygons.find(([outer]) => pointInRing(inner[0]!, outer!));
    owner?.push(inner);
  }
  return polygons;
}

export function closeRing(ring: Position[]): Position[] {
  const first = ring[0]!;
  const last = ring.at(-1)!;
  return first[0] === last[0] && first[1] === last[1] ? ring : [...ring, first];
}

/** RFC 7946 winding: outer rings counter-clockwise, holes clockwise. */
export function orient(ring: Position[], counterClockwise: boolean): Position[] {
  return signedArea(ring) > 0 === counterClockwise ? ring : [...ring].reverse();
}
