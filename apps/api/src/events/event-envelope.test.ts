import { describe, expect, it } from 'vitest';
import { decodeEvent, encodeEvent, EventTooLargeError, MAX_EVENT_BYTES } from './event-envelope.js';

describe('event envelope', () => {
  it('gives back the event it encoded', () => {
    const event = { room: 'map:3', event: 'list-sync' as const, data: { mapId: 3, version: 8 } };
    expect(decodeEvent(encodeEvent(event))).toEqual(event);
  });

  it('refuses an event that PostgreSQL could not carry in a NOTIFY (under 8000 bytes)', () => {
    const fits = { room: 'user:1', event: 'downloads' as const, data: 'x'.repeat(MAX_EVENT_BYTES - 60) };
    expect(Buffer.byteLength(encodeEvent(fits))).toBeLessThanOrEqual(MAX_EVENT_BYTES);
    // Counted in bytes, not characters: é takes two.
    const tooLarge = { room: 'user:1', event: 'downloads' as const, data: 'é'.repeat(MAX_EVENT_BYTES / 2) };
    expect(() => encodeEvent(tooLarge)).toThrow(EventTooLargeError);
  });

  it('reads nothing from a payload that is no event (anyone may NOTIFY the channel)', () => {
    expect(decodeEvent('not json')).toBeUndefined();
    expect(decodeEvent('{"room":"map:1","event":"something-else","data":1}')).toBeUndefined();
    expect(decodeEvent('{"room":"","event":"list-sync","data":1}')).toBeUndefined();
    expect(decodeEvent('null')).toBeUndefined();
  });
});
