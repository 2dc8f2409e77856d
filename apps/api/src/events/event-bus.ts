/**
 * The events the API pushes to connected clients (SPEC §7), whichever API process caused them.
 * A service publishes an event for a room; every process's real-time hub hears it and hands it to
 * its sockets in that room. Events say what changed and carry ids only: clients refetch the rest.
 */
import type { RealtimeEventName } from '@catchment/domain';

/** An event for the sockets of one room (see rooms.ts). `data` must stay small: a few ids. */
export interface RoomEvent {
  room: string;
  event: RealtimeEventName;
  data: unknown;
}

export type RoomEventListener = (event: RoomEvent) => void;
export type Unsubscribe = () => void;

export interface EventBus {
  /**
   * Hands the event to the subscribers of every API process, this one included, asynchronously.
   * Fire and forget: a delivery failure is logged, never thrown at the publisher (whose write has
   * already committed). An event too large to send is a programming error and throws.
   */
  publish(event: RoomEvent): void;
  subscribe(listener: RoomEventListener): Unsubscribe;
  /**
   * Called when events may have been lost: the bus's link to the other processes dropped and came
   * back. Subscribers that keep clients in sync make them resynchronise.
   */
  onEventsMissed(listener: () => void): Unsubscribe;
  close(): Promise<void>;
}

export interface EventBusOptions {
  /** Where delivery failures and reconnections are reported. */
  log?: (message: string) => void;
}
