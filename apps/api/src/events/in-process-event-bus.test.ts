import { describe, expect, it } from 'vitest';
import type { RoomEvent } from './event-bus.js';
import { EventTooLargeError, MAX_EVENT_BYTES } from './event-envelope.js';
import { InProcessEventBus } from './in-process-event-bus.js';

const nextEvent = (bus: InProcessEventBus) => new Promise<RoomEvent>((resolve) => {
  const unsubscribe = bus.subscribe((event) => { unsubscribe(); resolve(event); });
});

describe('InProcessEventBus', () => {
  it('hands every subscriber a copy of the event, after the publisher has returned', async () => {
    const bus = new InProcessEventBus();
    const data = { mapId: 4, version: 2 };
    const first = nextEvent(bus);
    const second = nextEvent(bus);
    let returned = false;
    const heard = first.then((event) => ({ event, afterReturn: returned }));
    bus.publish({ room: 'map:4', event: 'list-sync', data });
    returned = true;
    data.version = 99;
    expect(await heard).toEqual({ event: { room: 'map:4', event: 'list-sync', data: { mapId: 4, version: 2 } }, afterReturn: true });
    expect(await second).toEqual({ room: 'map:4', event: 'list-sync', data: { mapId: 4, version: 2 } });
    await bus.close();
  });

  it('keeps delivering when a subscriber throws', async () => {
    const logged: string[] = [];
    const bus = new InProcessEventBus({ log: (message) => logged.push(message) });
    bus.subscribe(() => { throw new Error('broken listener'); });
    const heard = nextEvent(bus);
    bus.publish({ room: 'user:1', event: 'downloads', data: null });
    expect((await heard).room).toBe('user:1');
    expect(logged).toEqual(['An event listener failed: broken listener']);
    await bus.close();
  });

  it('refuses an event too large for PostgreSQL, as the PostgreSQL bus would', async () => {
    const bus = new InProcessEventBus();
    expect(() => bus.publish({ room: 'user:1', event: 'download', data: 'x'.repeat(MAX_EVENT_BYTES) })).toThrow(EventTooLargeError);
    await bus.close();
  });
});
