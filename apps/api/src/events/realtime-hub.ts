/**
 * The sockets of this API process and their rooms. Every socket is in its user's room; a socket
 * follows a map by joining its room, once the maps module's rules say the user may read it. Events
 * from the bus (any process) go to the sockets of their room. When who may read a map changes
 * (map-access), its followers are checked again and those who may no longer read it leave its room
 * at once and are told (access-lost). A heartbeat drops dead sockets and closes those whose session
 * ended.
 */
import type WebSocket from 'ws';
import {
  DomainError, ERROR_CODES, REALTIME_CLOSE_CODES, REALTIME_EVENTS, REALTIME_REPLIES, translate,
  type Locale, type MapAccessData, type RealtimeMapRef, type RealtimeServerMessage,
} from '@catchment/domain';
import type { MapRef } from '../maps/map-ref.js';
import type { EventBus, RoomEvent, Unsubscribe } from './event-bus.js';
import { mapRefKey, mapRefOf, parseClientMessage } from './client-messages.js';
import { describeError } from './listeners.js';
import { mapRoom, Rooms, userRoom } from './rooms.js';

/** Maps one socket may follow at once: each costs a room entry and an access check. */
export const MAX_FOLLOWED_MAPS = 20;
/** Messages of one socket waiting for their answer; beyond that the client is flooding. */
const MAX_PENDING_MESSAGES = 16;
/** Standard close code: the server is going away (shutdown). */
const CLOSE_GOING_AWAY = 1001;

export interface RealtimeHubOptions {
  events: EventBus;
  /** The map, if `clientId` may read it (the maps module's rule); otherwise throws its DomainError (404). */
  readableMap(ref: MapRef, clientId: number): Promise<FollowedMap>;
  /** Whether the session behind a socket is still open (not logged out, not expired). */
  sessionIsActive(token: string): Promise<boolean>;
  /** Time between two pings (and session checks); a socket silent for too long (socketIsDead) is dropped. */
  heartbeatMs: number;
  log: (message: string) => void;
}

/** A map as a join answers it: its id and the versions a client compares with what it shows. */
export interface FollowedMap { id: number; version: number; searchesVersion: number; datasetsVersion: number }

export interface SocketSession { clientId: number; token: string; locale: Locale }

/**
 * Whether a socket that last answered a ping at `lastPongAt` is dead: silent for two heartbeats,
 * and never for less than 10 s, so that a busy server (or a test's short heartbeat, there to see
 * session ends quickly) does not drop a client whose answer is merely waiting in the event loop.
 */
export function socketIsDead(lastPongAt: number, now: number, heartbeatMs: number): boolean {
  return now - lastPongAt > Math.max(2 * heartbeatMs, 10_000);
}

class Connection {
  /** When the socket last answered a ping (a fresh socket counts as having just answered). */
  lastPongAt = Date.now();
  closed = false;
  /** The maps followed (their ids), by the key of the reference the client joined with, with that reference. */
  readonly followed = new Map<string, { id: number; mapId: RealtimeMapRef }>();
  pending = 0;
  queue: Promise<void> = Promise.resolve();

  constructor(readonly socket: WebSocket, readonly session: SocketSession) {}

  send(message: RealtimeServerMessage): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  sendError(code: string, messageKey: string, mapId?: RealtimeMapRef): void {
    const message = translate(this.session.locale, messageKey);
    this.send({ event: REALTIME_REPLIES.error, data: mapId === undefined ? { code, message } : { code, message, mapId } });
  }
}

export class RealtimeHub {
  private readonly connections = new Set<Connection>();
  private readonly rooms = new Rooms<Connection>();
  private readonly unsubscribe: Unsubscribe[];
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly options: RealtimeHubOptions) {
    this.unsubscribe = [
      options.events.subscribe((event) => this.deliver(event)),
      options.events.onEventsMissed(() => this.resyncEveryone()),
    ];
    this.heartbeat = setInterval(() => void this.beat(), options.heartbeatMs);
    this.heartbeat.unref();
  }

  connect(socket: WebSocket, session: SocketSession): void {
    const connection = new Connection(socket, session);
    this.connections.add(connection);
    this.rooms.join(userRoom(session.clientId), connection);
    socket.on('pong', () => { connection.lastPongAt = Date.now(); });
    socket.on('message', (raw, isBinary) => this.receive(connection, raw, isBinary));
    socket.on('close', () => this.disconnect(connection));
  }

  /** Stops the heartbeat and the bus subscription, and closes the sockets (1001: the server is going away). */
  close(): void {
    clearInterval(this.heartbeat);
    for (const unsubscribe of this.unsubscribe) unsubscribe();
    for (const connection of this.connections) connection.socket.close(CLOSE_GOING_AWAY);
  }

  private disconnect(connection: Connection): void {
    connection.closed = true;
    this.connections.delete(connection);
    this.rooms.leaveAll(connection);
  }

  private deliver(event: RoomEvent): void {
    if (event.event === REALTIME_EVENTS.mapAccess) {
      this.checkAccess((event.data as MapAccessData).mapId);
      return;
    }
    for (const connection of this.rooms.members(event.room)) {
      connection.send({ event: event.event, data: event.data } as RealtimeServerMessage);
    }
  }

  /**
   * Who may read the map changed: each follower is checked in its socket's queue, after a join in
   * progress (whose check may have read the map before the change). One check per user.
   */
  private checkAccess(mapId: number): void {
    const checks = new Map<number, Promise<boolean>>();
    const mayRead = (clientId: number): Promise<boolean> => {
      let check = checks.get(clientId);
      if (!check) checks.set(clientId, check = this.stillReadable(mapId, clientId));
      return check;
    };
    const room = mapRoom(mapId);
    const concerned = new Set([...this.rooms.members(room), ...[...this.connections].filter((connection) => connection.pending > 0)]);
    for (const connection of concerned) {
      connection.queue = connection.queue.then(async () => {
        if (connection.closed || !this.rooms.members(room).includes(connection)) return;
        if (!(await mayRead(connection.session.clientId))) this.dropMap(connection, mapId);
      }).catch((error: unknown) => this.options.log(`Could not drop a socket from map ${mapId}: ${describeError(error)}`));
    }
  }

  /** Whether the user may still read the map; a failure to tell (database unreachable) keeps the socket following it. */
  private async stillReadable(mapId: number, clientId: number): Promise<boolean> {
    try {
      await this.options.readableMap({ id: mapId }, clientId);
      return true;
    } catch (error) {
      if (error instanceof DomainError) return false;
      this.options.log(`Could not check who may follow map ${mapId}: ${describeError(error)}`);
      return true;
    }
  }

  /** The socket stops following the map, under every reference it joined with, and is told so. */
  private dropMap(connection: Connection, mapId: number): void {
    this.rooms.leave(mapRoom(mapId), connection);
    for (const [key, followed] of [...connection.followed]) {
      if (followed.id !== mapId) continue;
      connection.followed.delete(key);
      connection.send({ event: REALTIME_REPLIES.accessLost, data: { mapId: followed.mapId, id: mapId } });
    }
  }

  /** Events may have been lost: clients reconnect, join again and compare versions. */
  private resyncEveryone(): void {
    for (const connection of this.connections) connection.socket.close(REALTIME_CLOSE_CODES.resync, 'events may have been missed');
  }

  /** Messages of one socket are answered in order, one at a time, so a client cannot pile up queries. */
  private receive(connection: Connection, raw: WebSocket.RawData, isBinary: boolean): void {
    if (connection.pending >= MAX_PENDING_MESSAGES) {
      connection.socket.close(REALTIME_CLOSE_CODES.tooManyMessages, 'too many messages');
      return;
    }
    connection.pending += 1;
    connection.queue = connection.queue
      .then(() => this.handle(connection, raw, isBinary))
      .catch((error: unknown) => {
        this.options.log(`A real-time message failed: ${describeError(error)}`);
        connection.sendError(ERROR_CODES.internal, 'errors.internal');
      })
      .finally(() => { connection.pending -= 1; });
  }

  private async handle(connection: Connection, raw: WebSocket.RawData, isBinary: boolean): Promise<void> {
    const message = parseClientMessage(raw, isBinary);
    if (!message) return connection.sendError(ERROR_CODES.validation, 'validation.invalid');
    if (message.type === 'join') return this.join(connection, message.mapId);
    return this.leave(connection, message.mapId);
  }

  private async join(connection: Connection, mapId: RealtimeMapRef): Promise<void> {
    const ref = mapRefOf(mapId);
    const key = mapRefKey(ref);
    if (!connection.followed.has(key) && connection.followed.size >= MAX_FOLLOWED_MAPS) {
      return connection.sendError(ERROR_CODES.rateLimited, 'errors.rateLimited', mapId);
    }
    let map: FollowedMap;
    try {
      map = await this.options.readableMap(ref, connection.session.clientId);
    } catch (error) {
      if (error instanceof DomainError) return connection.sendError(error.code, error.messageKey, mapId);
      throw error;
    }
    if (connection.closed) return;
    connection.followed.set(key, { id: map.id, mapId });
    this.rooms.join(mapRoom(map.id), connection);
    // The versions now let the client see whether it missed a change between its load and this join
    // (a reconnection after events were lost included), of the map, its business searches or its datasets.
    connection.send({ event: REALTIME_REPLIES.joined, data: { mapId, id: map.id, version: map.version, searchesVersion: map.searchesVersion, datasetsVersion: map.datasetsVersion } });
  }

  private leave(connection: Connection, mapId: RealtimeMapRef): void {
    const ref = mapRefOf(mapId);
    const key = mapRefKey(ref);
    const id = connection.followed.get(key)?.id ?? ('id' in ref ? ref.id : undefined);
    connection.followed.delete(key);
    // Joined under both its id and its accessId, the map is still followed under the other name.
    const stillFollowed = id !== undefined && [...connection.followed.values()].some((followed) => followed.id === id);
    if (id !== undefined && !stillFollowed) this.rooms.leave(mapRoom(id), connection);
    connection.send({ event: REALTIME_REPLIES.left, data: { mapId } });
  }

  private async beat(): Promise<void> {
    const answering: Connection[] = [];
    const now = Date.now();
    for (const connection of this.connections) {
      if (socketIsDead(connection.lastPongAt, now, this.options.heartbeatMs)) {
        connection.socket.terminate();
        continue;
      }
      connection.socket.ping();
      answering.push(connection);
    }
    await Promise.all(answering.map(async (connection) => {
      try {
        if (!(await this.options.sessionIsActive(connection.session.token))) {
          connection.socket.close(REALTIME_CLOSE_CODES.sessionEnded, 'session ended');
        }
      } catch (error) {
        // The database is unreachable: keep the socket, the next beat checks again.
        this.options.log(`Could not check a real-time session: ${describeError(error)}`);
      }
    }));
  }
}
