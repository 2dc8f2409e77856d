import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket as NodeWebSocket, WebSocketServer } from 'ws';
import { REALTIME_CLOSE_CODES } from '@catchment/domain';
import { reconnectDelay, RealtimeClient } from './realtime-client.js';

describe('reconnectDelay', () => {
  it('doubles from 1 s up to 30 s, each wait between half and all of its ceiling', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((failures) => reconnectDelay(failures, () => 1))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(10, () => 0)).toBe(15000);
  });
});

/** A real WebSocket server standing in for the API: it records what each connection sends. */
class FakeApi {
  readonly server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  readonly connections: { socket: NodeWebSocket; received: unknown[] }[] = [];
  private waiters: (() => void)[] = [];

  constructor() {
    this.server.on('connection', (socket) => {
      const connection = { socket, received: [] as unknown[] };
      this.connections.push(connection);
      socket.on('message', (raw) => { connection.received.push(JSON.parse(String(raw))); this.notify(); });
      this.notify();
    });
  }

  get url(): string {
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    return `ws://127.0.0.1:${address.port}`;
  }

  /** Waits until `condition` holds (checked on every connection and message). */
  async until(condition: () => boolean): Promise<void> {
    while (!condition()) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

describe('RealtimeClient', () => {
  let api: FakeApi;
  let client: RealtimeClient;

  beforeEach(async () => {
    api = new FakeApi();
    await new Promise((resolve) => api.server.once('listening', resolve));
    client = new RealtimeClient({
      url: () => api.url,
      createSocket: (url) => new NodeWebSocket(url) as unknown as WebSocket,
      reconnectDelay: () => 10,
    });
  });

  afterEach(async () => {
    client.stop();
    for (const { socket } of api.connections) socket.terminate();
    await new Promise((resolve) => api.server.close(resolve));
  });

  it('joins the maps it follows, again after the connection dropped, and leaves them', async () => {
    const unfollow = client.follow('aB3_-xYz9Qw1');
    client.start();
    await api.until(() => api.connections[0]?.received.length === 1);
    expect(api.connections[0]!.received).toEqual([{ type: 'join', mapId: 'aB3_-xYz9Qw1' }]);

    api.connections[0]!.socket.terminate();
    await api.until(() => api.connections[1]?.received.length === 1);
    expect(api.connections[1]!.received).toEqual([{ type: 'join', mapId: 'aB3_-xYz9Qw1' }]);

    unfollow();
    unfollow();
    await api.until(() => api.connections[1]!.received.length === 2);
    expect(api.connections[1]!.received[1]).toEqual({ type: 'leave', mapId: 'aB3_-xYz9Qw1' });
  });

  it('leaves a map only when the last screen following it stops', async () => {
    client.start();
    await api.until(() => api.connections.length === 1 && api.connections[0]!.socket.readyState === NodeWebSocket.OPEN);
    const first = client.follow('12');
    const second = client.follow('12');
    first();
    const other = client.follow('13');
    await api.until(() => api.connections[0]!.received.length === 2);
    second();
    other();
    await api.until(() => api.connections[0]!.received.length === 4);
    expect(api.connections[0]!.received).toEqual([
      { type: 'join', mapId: '12' }, { type: 'join', mapId: '13' }, { type: 'leave', mapId: '12' }, { type: 'leave', mapId: '13' },
    ]);
  });

  it('hands the server messages to its listeners', async () => {
    const heard: unknown[] = [];
    client.subscribe((message) => heard.push(message));
    client.start();
    await api.until(() => api.connections.length === 1);
    api.connections[0]!.socket.send('not json');
    api.connections[0]!.socket.send(JSON.stringify({ event: 'list-sync', data: { mapId: 4, version: 7 } }));
    await new Promise<void>((resolve) => { const poll = () => (heard.length ? resolve() : setTimeout(poll, 5)); poll(); });
    expect(heard).toEqual([{ event: 'list-sync', data: { mapId: 4, version: 7 } }]);
  });

  it('does not come back once the server said the session ended', async () => {
    client.start();
    await api.until(() => api.connections.length === 1);
    api.connections[0]!.socket.close(REALTIME_CLOSE_CODES.sessionEnded, 'session ended');
    // A few reconnection delays later, still one connection; start() (a new log-in) opens another.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.connections).toHaveLength(1);
    client.start();
    await api.until(() => api.connections.length === 2);
  });
});
