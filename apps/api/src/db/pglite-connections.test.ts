/**
 * The embedded database's socket with several connections at once, as the API, the job queue and
 * the data command line use it: each query runs whole, with its own parameters, and a transaction
 * is its connection's own.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded-database.js';

let database: EmbeddedDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  database = await startEmbeddedDatabase(undefined);
  pool = new pg.Pool({ ...database.connection, max: 6 });
  await pool.query('CREATE TABLE notes (id serial PRIMARY KEY, text text NOT NULL)');
  // Starting the embedded database (PostGIS loaded) took past 60 s beside the other suites.
}, 180_000);

afterAll(async () => {
  await pool?.end();
  await database?.close();
});

describe('connections to the embedded database', () => {
  it('runs each query with its own parameters while large ones arrive in many reads', async () => {
    // A few megabytes of parameters take many socket reads: small queries of other connections
    // arrive between them, with statements of their own.
    const large = 'x'.repeat(3_000_000);
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 4 === 0
      ? pool.query<{ n: number; length: number }>('SELECT $1::int AS n, length($2::text) AS length', [i, large])
        .then(({ rows }) => rows[0]!.n === i && rows[0]!.length === large.length)
      : pool.query<{ n: number }>(`SELECT $1::int + ${i % 7} AS n`, [i]).then(({ rows }) => rows[0]!.n === i + (i % 7)))));
    expect(answers.every(Boolean)).toBe(true);
  });

  it('keeps a connection\'s open transaction to itself', async () => {
    const writer = await pool.connect();
    try {
      await writer.query('BEGIN');
      await writer.query('INSERT INTO notes (text) VALUES ($1)', ['rolled back']);
      // Another connection's write waits for the transaction instead of joining it.
      const other = pool.query('INSERT INTO notes (text) VALUES ($1)', ['kept']);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await writer.query('ROLLBACK');
      await other;
    } finally {
      writer.release();
    }
    const { rows } = await pool.query<{ text: string }>('SELECT text FROM notes ORDER BY id');
    expect(rows.map((row) => row.text)).toEqual(['kept']);
  });

  it('rolls back the transaction of a connection that goes away, and serves the others', async () => {
    const leaving = new pg.Client(database.connection);
    leaving.on('error', () => {});
    await leaving.connect();
    await leaving.query('BEGIN');
    await leaving.query('INSERT INTO notes (text) VALUES ($1)', ['never committed']);
    const waiting = pool.query<{ n: number }>('SELECT count(*)::int AS n FROM notes WHERE text = $1', ['never committed']);
    leaving.connection.stream.destroy();
    expect((await waiting).rows[0]!.n).toBe(0);
  });
});
