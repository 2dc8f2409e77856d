/**
 * Events travel between processes as JSON text (a PostgreSQL NOTIFY payload). The same encoding is
 * used in a single process, so an event that could not cross processes fails on the embedded
 * database too, during development, rather than in production.
 */
import { z } from 'zod';
import { REALTIME_EVENT_NAMES } from '@catchment/domain';
import type { RoomEvent } from './event-bus.js';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more (default build). */
export const MAX_EVENT_BYTES = 7999;

const roomEvent = z.object({
  room: z.string().min(1),
  event: z.enum(REALTIME_EVENT_NAMES),
  data: z.unknown(),
});

export class EventTooLargeError extends Error {
  constructor(event: RoomEvent, bytes: number) {
    super(`The ${event.event} event for ${event.room} takes ${bytes} bytes, more than ${MAX_EVENT_BYTES}: send ids and let clients refetch`);
    this.name = 'EventTooLargeError';
  }
}

export function encodeEvent(event: RoomEvent): string {
  const payload = JSON.stringify({ room: event.room, event: event.event, data: event.data });
  const bytes = Buffer.byteLength(payload);
  if (bytes > MAX_EVENT_BYTES) throw new EventTooLargeError(event, bytes);
  return payload;
}

/** The event a payload holds, or undefined when it holds none (anyone may NOTIFY the channel). */
export function decodeEvent(payload: string): RoomEvent | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return undefined;
  }
  const result = roomEvent.safeParse(parsed);
  return result.success ? { room: result.data.room, event: result.data.event, data: result.data.data } : undefined;
}
