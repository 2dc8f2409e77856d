/**
 * A map is addressed either by its integer id or by its accessId (the random identifier used in
 * shared links). An accessId never consists of digits only, so the two cannot be confused.
 */
import { randomBytes } from 'node:crypto';

export type MapRef = { id: number } | { accessId: string };

const MAX_INTEGER_ID = 2_147_483_647; // the maps.id column is a 32-bit serial

/** Reads the {id} path segment: digits are an id, anything else an accessId. */
export function parseMapRef(segment: string): MapRef {
  if (/^\d+$/.test(segment)) {
    const id = Number(segment);
    // An id the column cannot hold matches no map; -1 keeps the query valid and finds nothing.
    return { id: id >= 1 && id <= MAX_INTEGER_ID ? id : -1 };
  }
  return { accessId: segment };
}

/** 12 url-safe random characters (72 bits), never all digits. */
export function newAccessId(): string {
  for (;;) {
    const candidate = randomBytes(9).toString('base64url');
    if (!/^\d+$/.test(candidate)) return candidate;
  }
}
