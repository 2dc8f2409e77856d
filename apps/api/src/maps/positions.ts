/**
 * Order of folders in a map and of areas in a folder: fractional positions (double precision), so
 * that moving one item rewrites one row. When repeated moves into the same gap exhaust the precision
 * of doubles, the list is renumbered 1..n and the move is computed again.
 */

export const POSITION_STEP = 1;

export interface Positioned { id: string; position: number }

/** Position after the last item of a list (or the first position of an empty list). */
export function positionAfter(lastPosition: number | undefined): number {
  return lastPosition === undefined ? POSITION_STEP : lastPosition + POSITION_STEP;
}

/** A position strictly between two neighbours (either may be absent), or null when no double fits between them. */
export function positionBetween(lower: number | undefined, upper: number | undefined): number | null {
  if (lower === undefined && upper === undefined) return POSITION_STEP;
  if (lower === undefined) return upper! - POSITION_STEP;
  if (upper === undefined) return lower + POSITION_STEP;
  const middle = lower + (upper - lower) / 2;
  return middle > lower && middle < upper ? middle : null;
}

export interface Placement {
  /** The moved item's new position. */
  position: number;
  /** New positions of the other items when the list had to be renumbered; empty otherwise. */
  renumbered: Positioned[];
}

/**
 * Where to put an item just before or after a reference item. `siblings` is the destination list
 * in order, without the moved item; the reference must be one of them.
 */
export function placeRelativeTo(siblings: Positioned[], referenceId: string, before: boolean): Placement {
  const index = siblings.findIndex((item) => item.id === referenceId);
  if (index < 0) throw new Error(`reference ${referenceId} is not in the list`);
  const insertAt = before ? index : index + 1;
  const position = positionBetween(siblings[insertAt - 1]?.position, siblings[insertAt]?.position);
  if (position !== null) return { position, renumbered: [] };
  const renumbered = siblings.map((item, i) => ({ id: item.id, position: (i + 1) * POSITION_STEP }));
  return { position: positionBetween(renumbered[insertAt - 1]?.position, renumbered[insertAt]?.position)!, renumbered };
}
