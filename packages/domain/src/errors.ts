/** Error codes of the API's `{ error: { code, message, details } }` bodies, by HTTP status. */
export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  tooLarge: 'PAYLOAD_TOO_LARGE',
  unprocessable: 'UNPROCESSABLE',
  rateLimited: 'RATE_LIMITED',
  /** Too many wrong passwords for one account from this address (Retry-After says when to retry); details carry minutes. */
  tooManyLoginAttempts: 'TOO_MANY_LOGIN_ATTEMPTS',
  internal: 'INTERNAL_ERROR',
  /** The server's compute threads are all busy with a full queue: try again shortly (503, Retry-After). */
  serverBusy: 'SERVER_BUSY',
  mapNotFound: 'MAP_NOT_FOUND',
  folderNotFound: 'FOLDER_NOT_FOUND',
  areaNotFound: 'AREA_NOT_FOUND',
  /** A write based on a map version that is no longer the current one; details carry currentVersion. */
  mapVersionConflict: 'MAP_VERSION_CONFLICT',
  /** The free plan's areas-per-map limit; details carry maxAreas. */
  areaLimitReached: 'AREA_LIMIT_REACHED',
  areaCannotBeCalculated: 'AREA_CANNOT_BE_CALCULATED',
  /** The area reaches farther than the analysis limit (SPEC §9: 300 km). */
  polygonTooLarge: 'POLYGON_TOO_LARGE',
  noDataForCountry: 'NO_DATA_FOR_COUNTRY',
  censusRetrieval: 'CENSUS_RETRIEVAL_ERROR',
  unitsNotFound: 'UNITS_NOT_FOUND',
  unitsWithoutBoundary: 'UNITS_WITHOUT_BOUNDARY',
  unitKindNotLoaded: 'UNIT_KIND_NOT_LOADED',
  /** A union of units with more boundary points than the server unites at once. */
  unionTooLarge: 'UNION_TOO_LARGE',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export interface ApiErrorBody {
  error: { code: ErrorCode | string; message: string; details?: unknown };
}
