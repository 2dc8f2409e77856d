/** Why an isochrone or isodistance cannot be computed; the API maps each code to a message (422, 503 for BUSY). */
export const ROUTING_ERROR_CODES = [
  'NO_GRAPH_FOR_POINT',
  'START_TOO_FAR',
  /** A route's point (not its start) farther than the snapping distance from any road of the mode. */
  'POINT_TOO_FAR',
  /** No way between a route's two points by the mode (one-way streets, access, another network), or longer than 3 hours. */
  'UNREACHABLE',
  'MODE_NOT_AVAILABLE',
  'INVALID_VALUE',
  'CANNOT_CALCULATE',
  /** Every routing thread busy and the queue full, or a search past its time limit: try again shortly. */
  'BUSY',
  /** The caller gave up on the search (the client went away, a newer preview replaced it): nobody reads this answer. */
  'CANCELLED',
  /** Transit: no timetable covers the start (no GTFS feed of the region imported). */
  'NO_TIMETABLE_FOR_POINT',
  /** Transit: the timetables covering the start do not run on the departure's day (details: firstDate, lastDate). */
  'NO_TIMETABLE_FOR_DATE',
] as const;
export type RoutingErrorCode = (typeof ROUTING_ERROR_CODES)[number];

export class RoutingError extends Error {
  override readonly name = 'RoutingError';

  constructor(
    readonly code: RoutingErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function isRoutingError(error: unknown): error is RoutingError {
  return error instanceof RoutingError;
}
