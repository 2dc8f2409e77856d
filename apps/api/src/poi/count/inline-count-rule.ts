/**
 * When the API process may count a search in areas itself, on its event loop, rather than send
 * them to a compute thread: only when the work is provably tiny, its worst case costing about the
 * round trip to a thread it saves (0.2–0.4 ms on a loaded machine). Small searches and small regions
 * (an OpenStreetMap extract of a few hundred points) then answer without the round trip; a large
 * polygon, a dense region or establishments placed by their IRIS always go to a thread.
 */
import type { AreaGeometry } from '@catchment/domain';
import { geometryBBox, type BBox } from '@catchment/geodata';
import { cellCountOf } from '../../territories/unit-cache/cell-grid.js';

/** The bounds of a count done on the event loop, every one summed over the request's areas. */
export const INLINE_COUNT_LIMITS = {
  /** Vertices of the areas: preparing an area (its grid) costs about its vertices (0.1 ms for 1,700). */
  maxVertices: 2_000,
  /** Grid cells the areas' bounding boxes meet: walking a cell's buckets is up to 1,024 steps. */
  maxCells: 16,
  /** Points held in those cells; also the most a thread shares with the API process. */
  maxPoints: 5_000,
  /** Points × vertices: the exact test's worst case, every point next to the boundary (a few ns each: 0.26 ms for 100,000). */
  maxEdgeTests: 100_000,
};

export type InlineCountLimits = typeof INLINE_COUNT_LIMITS;

/** What counting the request inline would take (inlineCountWork). */
export interface InlineCountWork {
  /**
   * Whether the search has establishments placed by their IRIS (weighed against the IRIS
   * boundaries only the threads hold); undefined: not known in the API process yet.
   */
  irisPlaced: boolean | undefined;
  /** Per area: its vertices, the cells its bounding box meets, and the points held in them (undefined: a cell not held). */
  areas: readonly { vertices: number; cells: number; points: number | undefined }[];
}

export const INLINE_REFUSALS = {
  irisPlaced: 'irisPlaced',
  irisUnknown: 'irisUnknown',
  vertices: 'vertices',
  cells: 'cells',
  notHeld: 'notHeld',
  points: 'points',
  edgeTests: 'edgeTests',
} as const;

export type InlineRefusal = (typeof INLINE_REFUSALS)[keyof typeof INLINE_REFUSALS];

export type InlineCountVerdict = { inline: true } | { inline: false; reason: InlineRefusal };

/** Whether the work may be done on the event loop, or why not (the first bound it passes, cheapest checked first). */
export function inlineCountVerdict(work: InlineCountWork, limits: InlineCountLimits = INLINE_COUNT_LIMITS): InlineCountVerdict {
  const refuse = (reason: InlineRefusal): InlineCountVerdict => ({ inline: false, reason });
  if (work.irisPlaced === undefined) return refuse(INLINE_REFUSALS.irisUnknown);
  if (work.irisPlaced) return refuse(INLINE_REFUSALS.irisPlaced);
  let [vertices, cells, points, edgeTests] = [0, 0, 0, 0];
  for (const area of work.areas) {
    vertices += area.vertices;
    cells += area.cells;
  }
  if (vertices > limits.maxVertices) return refuse(INLINE_REFUSALS.vertices);
  if (cells > limits.maxCells) return refuse(INLINE_REFUSALS.cells);
  for (const area of work.areas) {
    if (area.points === undefined) return refuse(INLINE_REFUSALS.notHeld);
    points += area.points;
    edgeTests += area.points * area.vertices;
  }
  if (points > limits.maxPoints) return refuse(INLINE_REFUSALS.points);
  if (edgeTests > limits.maxEdgeTests) return refuse(INLINE_REFUSALS.edgeTests);
  return { inline: true };
}

/**
 * What counting the areas inline would take. `pointsHeld`: the points held in the cells a box
 * meets, undefined when one is not held; asked only when the cells are within their bound (the
 * rule refuses on the cells first, and a box over a continent meets thousands). A bounding box
 * costs a pass over the polygon's points, no more than packing it for a thread.
 */
export function inlineCountWork(
  polygons: readonly AreaGeometry[],
  irisPlaced: boolean | undefined,
  pointsHeld: (bbox: BBox) => number | undefined,
  limits: InlineCountLimits = INLINE_COUNT_LIMITS,
): InlineCountWork {
  const areas = polygons.map((geometry) => {
    const bbox = geometryBBox(geometry);
    return { vertices: vertexCount(geometry), bbox, cells: cellCountOf(bbox) };
  });
  const cellsWithin = areas.reduce((sum, area) => sum + area.cells, 0) <= limits.maxCells;
  return { irisPlaced, areas: areas.map(({ vertices, bbox, cells }) => ({ vertices, cells, points: cellsWithin ? pointsHeld(bbox) : undefined })) };
}

function vertexCount(geometry: AreaGeometry): number {
  let count = 0;
  for (const polygon of geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) for (const ring of polygon) count += ring.length;
  return count;
}
