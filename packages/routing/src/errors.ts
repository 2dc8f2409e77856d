/** Why an isochrone or isodistance cannot be computed; the API maps each code to a 422 message. */
export const ROUTING_ERROR_CODES = [
  'NO_GRAPH_FOR_POINT',
  'START_TOO_FAR',
  'MODE_NOT_AVAILABLE',
  'INVALID_VALUE',
  'CANNOT_CALCULATE',
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
