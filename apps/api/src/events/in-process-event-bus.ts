/**
 * The event bus of a single API process: the embedded database belongs to one process, so there
 * is nobody else to tell. Events are still encoded and decoded as they would be between processes,
 * and delivered on a later turn of the event loop, never inside the publisher's call.
 */
import type { EventBus, EventBusOptions, RoomEvent, RoomEventListener, Unsubscribe } from './event-bus.js';
import { decodeEvent, encodeEvent } from './event-envelope.js';
import { Listeners } from './listeners.js';

export class InProcessEventBus implements EventBus {
  private readonly events: Listeners<[RoomEvent]>;
  private readonly missed: Listeners<[]>;
  private closed = false;

  constructor(options: EventBusOptions = {}) {
    const log = options.log ?? console.warn;
    this.events = new Listeners(log);
    this.missed = new Listeners(log);
  }

  publish(event: RoomEvent): void {
    const payload = encodeEvent(event);
    if (this.closed) return;
    setImmediate(() => {
      const delivered = decodeEvent(payload);
      if (delivered && !this.closed) this.events.emit(delivered);
    });
  }

  subscribe(listener: RoomEventListener): Unsubscribe {
    return this.events.add(listener);
  }

  /** Nothing is ever lost in one process: the listener is kept for the interface's sake only. */
  onEventsMissed(listener: () => void): Unsubscribe {
    return this.missed.add(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.events.clear();
    this.missed.clear();
  }
}
