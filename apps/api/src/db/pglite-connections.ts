/**
 * Serves one PGlite (a single Postgres session) to many PostgreSQL-protocol connections on a Unix
 * socket: what pglite-socket's server does, with one difference that matters for correctness.
 *
 * A client's query is a sequence of protocol messages (Parse, Bind, Describe, Execute, then Sync).
 * pglite-socket queues each message on its own, so another connection's messages can run between
 * the Parse and the Bind of a large query (one whose parameters arrive in several socket reads):
 * the Bind then binds the other connection's unnamed statement, and the query fails or runs with
 * the wrong text (seen importing 50,000 IRIS while the server ran). Here a connection's messages
 * are run as one unit, up to and including its Sync (or a simple Query), and a connection that
 * leaves a transaction open (or flushed mid-sequence) keeps the session until it is done: the
 * other connections' units wait.
 */
import net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;

interface Unit { connection: Connection; messages: Uint8Array[]; endsSequence: boolean }

class Connection {
  private buffer: Buffer = Buffer.alloc(0);
  private started = false;
  private pending: Uint8Array[] = [];
  closed = false;

  constructor(readonly socket: net.Socket, private readonly enqueue: (unit: Unit) => void) {}

  /** Splits what arrived into messages, and hands each complete unit to the queue. */
  receive(data: Buffer): void {
    this.buffer = this.buffer.length === 0 ? data : Buffer.concat([this.buffer, data]);
    for (;;) {
      if (!this.started) {
        if (this.buffer.length < 8) return;
        const length = this.buffer.readInt32BE(0);
        if (this.buffer.length < length) return;
        const code = this.buffer.readInt32BE(4);
        const message = this.take(length);
        if (code === SSL_REQUEST || code === GSS_REQUEST) {
          this.socket.write('N');
          continue;
        }
        if (code === CANCEL_REQUEST) {
          this.socket.end();
          return;
        }
        this.started = true;
        this.enqueue({ connection: this, messages: [message], endsSequence: true });
        continue;
      }
      if (this.buffer.length < 5) return;
      const length = 1 + this.buffer.readInt32BE(1);
      if (this.buffer.length < length) return;
      const type = String.fromCharCode(this.buffer[0]!);
      const message = this.take(length);
      if (type === 'X') {
        this.socket.end();
        return;
      }
      this.pending.push(message);
      // Sync and Query end a sequence; Flush asks for the answers so far, so it is sent now too,
      // with the session kept for this connection until its Sync.
      if (type === 'S' || type === 'Q' || type === 'H') {
        this.enqueue({ connection: this, messages: this.pending, endsSequence: type !== 'H' });
        this.pending = [];
      }
    }
  }

  private take(length: number): Uint8Array {
    const message = new Uint8Array(this.buffer.subarray(0, length));
    this.buffer = this.buffer.subarray(length);
    return message;
  }
}

export class PGliteConnections {
  private readonly server: net.Server;
  private readonly queue: Unit[] = [];
  private readonly sockets = new Set<net.Socket>();
  private running = false;
  /** The connection holding the session: inside a transaction, or between a Flush and its Sync. */
  private owner: Connection | undefined;

  constructor(private readonly db: PGlite) {
    this.server = net.createServer((socket) => this.accept(socket));
  }

  listen(socketPath: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(socketPath, () => resolve());
    });
  }

  /** Stops listening and drops the connections still open (a command line still importing gets an error). */
  close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    return closed;
  }

  private accept(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.setNoDelay(true);
    const connection = new Connection(socket, (unit) => {
      this.queue.push(unit);
      void this.drain();
    });
    socket.on('data', (data) => connection.receive(data));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      this.sockets.delete(socket);
      connection.closed = true;
      for (let i = this.queue.length - 1; i >= 0; i--) if (this.queue[i]!.connection === connection) this.queue.splice(i, 1);
      if (this.owner === connection) void this.release();
    });
  }

  /** A connection gone while holding the session: its transaction is rolled back, the others go on. */
  private async release(): Promise<void> {
    // exec takes PGlite's lock itself (runExclusive around it would wait for ever).
    if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
    this.owner = undefined;
    void this.drain();
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        const index = this.owner ? this.queue.findIndex((unit) => unit.connection === this.owner) : 0;
        if (index < 0 || this.queue.length === 0) return;
        const [unit] = this.queue.splice(index, 1);
        await this.run(unit!);
      }
    } finally {
      this.running = false;
    }
  }

  private async run({ connection, messages, endsSequence }: Unit): Promise<void> {
    if (connection.closed) return;
    try {
      await this.db.runExclusive(async () => {
        for (const message of messages) {
          await this.db.execProtocolRawStream(message, {
            onRawData: (data) => { if (!connection.closed) connection.socket.write(Buffer.from(data)); },
          });
        }
      });
    } catch {
      connection.socket.destroy();
      return;
    }
    this.owner = this.db.isInTransaction() || !endsSequence ? connection : undefined;
  }
}
