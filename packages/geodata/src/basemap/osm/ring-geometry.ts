/** Plain planar helpers on lon/lat rings, shared by the coastline and multipolygon builders. */
export type Position = [number, number];
/** West, south, east, north in degrees. */
export type Box = [number, number, number, number];

/** Twice the signed area: positive for a counter-clockwise ring. */
export function signedArea(ring: readonly Position[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += (ring[j]![0] - ring[i]![0]) * (ring[j]![1] + ring[i]![1]);
  return sum;
}

/** Even-odd test of a point against a ring. */
export function pointInRing([x, y]: Position, ring: readonly Position[]): boolean {
  let result = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) result = !result;
  }
  return result;
}
