import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteDialect } from './pglite-dialect.js';

// The driver's queue on a real in-memory PGlite: order, transactions, and turns of the event loop.
let pglite: PGlite;
let db: Kysely<Record<string, never>>;

beforeAll(async () => {
  pglite = await PGlite.create('memory://');
  db = new Kysely({ dialect: new PGliteDialect(pglite) });
  await sql`CREATE TABLE notes (id serial PRIMARY KEY, text text NOT NULL)`.execute(db);
});

afterAll(async () => {
  await db.destroy();
  await pglite.close();
});

const select = (n: number) => sql<{ n: number }>`SELECT ${n}::int AS n`.execute(db).then((result) => result.rows[0]!.n);

describe('PGliteDialect', () => {
  it('runs waiting queries first come, first served', async () => {
    const done: number[] = [];
    await Promise.all(Array.from({ length: 30 }, (_, i) => select(i).then((n) => done.push(n))));
    expect(done).toEqual(Array.from({ length: 30 }, (_, i) => i));
  });

  it('keeps other queries out of an open transaction', async () => {
    let outside: Promise<number> | undefined;
    await db.transaction().execute(async (tx) => {
      await sql`INSERT INTO notes (text) VALUES ('rolled back')`.execute(tx);
      // Issued while the transaction holds the session: it must wait, not run inside it.
      outside = sql<{ count: number }>`SELECT count(*)::int AS count FROM notes`.execute(db).then((result) => result.rows[0]!.count);
      throw new Error('roll back');
    }).catch(() => {});
    expect(await outside).toBe(0);
  });

  it('gives the event loop a turn between two waiting queries', async () => {
    const events: string[] = [];
    const queries = Array.from({ length: 20 }, (_, i) => select(i).then(() => events.push(`query ${i}`)));
    // Stands for the server's other work (accepting a connection, reading a request) that
    // arrives while queries wait: it must not wait for the whole queue.
    setImmediate(() => events.push('other work'));
    await Promise.all(queries);
    expect(events.indexOf('other work')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('other work')).toBeLessThan(events.indexOf('query 19'));
  });

  it('does not let a stream of later queries overtake a waiting one', async () => {
    const done: string[] = [];
    let issued = 0;
    // Every finished query brings two more, like a busy server: the queue never empties by itself.
    const stream = (): Promise<void> => {
      issued += 1;
      const id = issued;
      return select(id).then(async () => {
        done.push(`stream ${id}`);
        if (issued < 200) await Promise.all([stream(), stream()]);
      });
    };
    const busy = Promise.all([stream(), stream()]);
    await select(0); // lets the stream get going, so the next query joins a queue
    const queuedBehind = issued; // queries issued before the one we watch
    await select(-1).then(() => done.push('watched'));
    await busy;
    // The watched query was passed by none of the queries issued after it.
    expect(done.indexOf('watched')).toBeLessThanOrEqual(queuedBehind);
  });
});
