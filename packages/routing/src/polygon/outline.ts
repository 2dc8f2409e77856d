/**
 * The outline of a 0/1 mask as rings with holes, by marching squares: each cell's value stands at
 * its centre (i + 0.5, j + 0.5), the outline passes midway between a cell inside and one outside,
 * and outside the grid is outside. In cell units, y growing with j. Written for a Uint8 mask
 * because d3-contour's general isolines (any values, any thresholds, fragments stitched through
 * objects) took a large share of a large polygon's time.
 *
 * Each square between four cell centres adds at most two directed pieces, inside on their left, so
 * every crossing point starts exactly one piece and ends exactly one: following them gives closed
 * rings, exteriors counter-clockwise and holes clockwise. Diagonal cells only touching are apart
 * (the inside is 4-connected, as the hole filling's background is).
 */
export interface Outline {
  /** Per polygon: its exterior ring, then its holes; each ring closed, as x, y pairs. */
  polygons: Array<Array<Float64Array>>;
}

export function traceMask(mask: Uint8Array, width: number, height: number): Outline {
  // Crossing points: between cells (i, j) and (i + 1, j) ("across x", i from -1), then between (i, j) and (i, j + 1).
  const acrossX = (i: number, j: number) => i + 1 + (width + 1) * j;
  const firstAcrossY = (width + 1) * height;
  const acrossY = (i: number, j: number) => firstAcrossY + i + width * (j + 1);
  const next = new Int32Array(firstAcrossY + width * (height + 1)).fill(-1);
  // The mask with a ring of outside cells around it, so each square reads its four corners without bounds checks.
  const paddedWidth = width + 2;
  const padded = new Uint8Array(paddedWidth * (height + 2));
  for (let j = 0; j < height; j++) padded.set(mask.subarray(j * width, (j + 1) * width), (j + 1) * paddedWidth + 1);
  for (let j = -1; j < height; j++) {
    const row = (j + 1) * paddedWidth;
    for (let i = -1; i < width; i++) {
      // Corners: a (i, j), b (i + 1, j), c (i + 1, j + 1), d (i, j + 1).
      const a = row + i + 1;
      const square = padded[a]! | (padded[a + 1]! << 1) | (padded[a + 1 + paddedWidth]! << 2) | (padded[a + paddedWidth]! << 3);
      if (square === 0 || square === 15) continue;
      const bottom = j >= 0 ? acrossX(i, j) : -1;
      const top = j + 1 < height ? acrossX(i, j + 1) : -1;
      const leftSide = i >= 0 ? acrossY(i, j) : -1;
      const rightSide = i + 1 < width ? acrossY(i + 1, j) : -1;
      switch (square) {
        case 1: next[bottom] = leftSide; break;
        case 2: next[rightSide] = bottom; break;
        case 3: next[rightSide] = leftSide; break;
        case 4: next[top] = rightSide; break;
        case 5: next[bottom] = leftSide; next[top] = rightSide; break;
        case 6: next[top] = bottom; break;
        case 7: next[top] = leftSide; break;
        case 8: next[leftSide] = top; break;
        case 9: next[bottom] = top; break;
        case 10: next[rightSide] = bottom; next[leftSide] = top; break;
        case 11: next[rightSide] = top; break;
        case 12: next[leftSide] = rightSide; break;
        case 13: next[bottom] = rightSide; break;
        case 14: next[leftSide] = bottom; break;
      }
    }
  }
  const point = (key: number): [number, number] => {
    if (key < firstAcrossY) {
      const j = Math.floor(key / (width + 1));
      return [key - (width + 1) * j, j + 0.5];
    }
    const rest = key - firstAcrossY;
    const j = Math.floor(rest / width) - 1;
    return [rest - width * (j + 1) + 0.5, j + 1];
  };
  const exteriors: Array<{ ring: Float64Array; area: number; box: [number, number, number, number]; holes: Float64Array[] }> = [];
  const holes: Float64Array[] = [];
  const coordinates: number[] = [];
  for (let start = 0; start < next.length; start++) {
    if (next[start] === -1) continue;
    coordinates.length = 0;
    let key = start;
    while (next[key] !== -1) {
      const [x, y] = point(key);
      coordinates.push(x, y);
      const following = next[key]!;
      next[key] = -1;
      key = following;
    }
    coordinates.push(coordinates[0]!, coordinates[1]!);
    const ring = Float64Array.from(coordinates);
    const area = signedArea(ring);
    if (area > 0) exteriors.push({ ring, area, box: boxOf(ring), holes: [] });
    else holes.push(ring);
  }
  // Each hole belongs to the smallest exterior around it (an island inside a hole has holes of its own).
  exteriors.sort((a, b) => a.area - b.area);
  for (const hole of holes) {
    const [x, y] = [hole[0]!, hole[1]!];
    const owner = exteriors.find(({ ring, box }) => x > box[0] && x < box[2] && y > box[1] && y < box[3] && ringContains(ring, x, y));
    owner?.holes.push(hole);
  }
  exteriors.sort((a, b) => b.area - a.area);
  return { polygons: exteriors.map(({ ring, holes: own }) => [ring, ...own]) };
}

/** Shoelace formula over x, y pairs: positive for counter-clockwise rings (y up). */
export function signedArea(ring: Float64Array): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 2; i < ring.length; j = i, i += 2) sum += (ring[j]! - ring[i]!) * (ring[j + 1]! + ring[i + 1]!);
  return sum / 2;
}

function boxOf(ring: Float64Array): [number, number, number, number] {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < ring.length; i += 2) {
    box[0] = Math.min(box[0], ring[i]!);
    box[1] = Math.min(box[1], ring[i + 1]!);
    box[2] = Math.max(box[2], ring[i]!);
    box[3] = Math.max(box[3], ring[i + 1]!);
  }
  return box;
}

/** Even-odd crossing test of a point against one ring. */
function ringContains(ring: Float64Array, x: number, y: number): boolean {
  let odd = false;
  for (let i = 0, j = ring.length - 2; i < ring.length; j = i, i += 2) {
    const [xi, yi, xj, yj] = [ring[i]!, ring[i + 1]!, ring[j]!, ring[j + 1]!];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
  }
  return odd;
}
