/**
 * world-atlas stores polygons for spherical rendering (d3-geo): rings that cross the antimeridian
 * jump from 180° to −180°, and Antarctica is a ring around the South Pole. Drawn on a flat map
 * those become bands across the whole world. This turns them into flat polygons:
 *
 * - longitudes are made continuous along each ring (a ring crossing 180° goes on to 190°, which
 *   the tile cutter wraps onto the other side of the map);
 * - a ring that goes once around a pole is closed along that pole and becomes an outer ring of its
 *   own (on a flat map it bounds the land between it and the pole); a negligible one is dropped.
 */
import type { MultiPolygon, Polygon, Position } from 'geojson';

/** Rings around a pole smaller than this (square degrees) are artefacts of the spherical form. */
const NEGLIGIBLE_RING_AREA = 1;

export function planarPolygons(geometry: Polygon | MultiPolygon): MultiPolygon {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return { type: 'MultiPolygon', coordinates: polygons.flatMap(planarPolygon) };
}

function planarPolygon(rings: Position[][]): Position[][][] {
  const ordinary: Position[][] = [];
  const aroundPole: Position[][] = [];
  for (const ring of rings) {
    const continuous = continuousLongitudes(ring);
    const turn = continuous.at(-1)![0]! - continuous[0]![0]!;
    if (Math.abs(turn) < 180) ordinary.push(continuous);
    else {
      const closed = closedAlongPole(continuous);
      if (ringAreaSquareDegrees(closed) >= NEGLIGIBLE_RING_AREA) aroundPole.push(closed);
    }
  }
  if (aroundPole.length === 0) return ordinary.length > 0 ? [ordinary] : [];
  // The ordinary rings of a polygon bounded by a pole ring are its lakes; they go with the first one.
  return aroundPole.map((ring, index) => (index === 0 ? [ring, ...ordinary] : [ring]));
}

/** Shifts each point by whole turns so that no step between two points is longer than 180°. */
export function continuousLongitudes(ring: Position[]): Position[] {
  const result: Position[] = [];
  let shift = 0;
  ring.forEach((point, index) => {
    if (index > 0) {
      const step = point[0]! + shift - result[index - 1]![0]!;
      if (step > 180) shift -= 360;
      else if (step < -180) shift += 360;
    }
    result.push([point[0]! + shift, point[1]!]);
  });
  return result;
}

function closedAlongPole(ring: Position[]): Position[] {
  const first = ring[0]!;
  const last = ring.at(-1)!;
  const meanLatitude = ring.reduce((sum, point) => sum + point[1]!, 0) / ring.length;
  const pole = meanLatitude < 0 ? -90 : 90;
  return [...ring, [last[0]!, pole], [first[0]!, pole], first];
}

/** Planar (shoelace) area in square degrees. */
export function ringAreaSquareDegrees(ring: Position[]): number {
  let twiceArea = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    twiceArea += (ring[j]![0]! - ring[i]![0]!) * (ring[j]![1]! + ring[i]![1]!);
  }
  return Math.abs(twiceArea) / 2;
}
