/** Reading what a client sends on the real-time socket: JSON text checked by the shared zod schema. */
import { realtimeClientMessage, type RealtimeClientMessage, type RealtimeMapRef } from '@catchment/domain';
import { parseMapRef, type MapRef } from '../maps/map-ref.js';

/** The client's message, or undefined for anything else (binary, not JSON, unknown shape). */
export function parseClientMessage(raw: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): RealtimeClientMessage | undefined {
  if (isBinary) return undefined;
  const bytes = Buffer.isBuffer(raw) ? raw : Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw);
  const text = bytes.toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const result = realtimeClientMessage.safeParse(parsed);
  return result.success ? result.data : undefined;
}

/** The reference the REST routes would read from the same value in a path (`12` and `"12"` are one map). */
export function mapRefOf(mapId: RealtimeMapRef): MapRef {
  return parseMapRef(String(mapId));
}

/** One key per map reference, to remember what a socket follows under which name. */
export function mapRefKey(ref: MapRef): string {
  return 'id' in ref ? `id:${ref.id}` : `accessId:${ref.accessId}`;
}
