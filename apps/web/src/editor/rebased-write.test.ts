import { describe, expect, it } from 'vitest';
import { MAX_REBASES, writeRebased } from './rebased-write.js';

/**
 * A versioned list of labels held in memory, as the API holds a map's searches: a write based on
 * another version than the list's is refused with 409, others move the version on.
 */
class VersionedLabels {
  version = 1;
  labels = new Map<number, string>();
  /** Writes another user makes before each of ours reaches the list. */
  interleaved: (() => void)[] = [];

  read() {
    return { version: this.version, labels: new Map(this.labels) };
  }

  write(id: number, label: string, version: number): number {
    this.interleaved.shift()?.();
    if (version !== this.version) throw Object.assign(new Error('stale'), { status: 409 });
    this.labels.set(id, label);
    return ++this.version;
  }

  change(apply: () => void) {
    apply();
    this.version += 1;
  }
}

type Rename = { id: number; label: string };
type Labels = ReturnType<VersionedLabels['read']>;

const rename = (server: VersionedLabels, change: Rename, list: Labels, seen: Labels[] = []) => writeRebased({
  change, list,
  send: async (rebased, version) => server.write(rebased.id, rebased.label, version),
  fetchLatest: async () => server.read(),
  rebase: (fresh: Labels, wanted: Rename) => (!fresh.labels.has(wanted.id) ? 'lost' : fresh.labels.get(wanted.id) === wanted.label ? 'done' : wanted),
  onFresh: (fresh) => seen.push(fresh),
});

describe('writeRebased', () => {
  it("reads the list again after a 409 and saves the user's change on top of the colleague's", async () => {
    const server = new VersionedLabels();
    server.labels.set(1, 'north').set(2, 'south');
    const shown = server.read();
    server.change(() => server.labels.set(2, 'South 2'));
    const seen: Labels[] = [];
    await expect(rename(server, { id: 1, label: 'North 2' }, shown, seen)).resolves.toEqual({ outcome: 'saved', result: 3 });
    expect([...server.labels.values()]).toEqual(['North 2', 'South 2']);
    expect(seen.map((list) => list.version)).toEqual([2]);
  });

  it('drops a change to what the colleague deleted, and needs no save for what the list holds already', async () => {
    const server = new VersionedLabels();
    server.labels.set(1, 'north');
    const shown = server.read();
    server.change(() => server.labels.delete(1));
    await expect(rename(server, { id: 1, label: 'North 2' }, shown)).resolves.toMatchObject({ outcome: 'lost' });
    expect(server.labels.size).toBe(0);

    server.change(() => server.labels.set(3, 'east'));
    const again = server.read();
    server.change(() => server.labels.set(3, 'East'));
    await expect(rename(server, { id: 3, label: 'East' }, again)).resolves.toMatchObject({ outcome: 'done' });
  });

  it('gives up with the 409 after the list changed before every retry', async () => {
    const server = new VersionedLabels();
    server.labels.set(1, 'north');
    const shown = server.read();
    server.interleaved = Array.from({ length: MAX_REBASES + 1 }, (_, index) => () => server.change(() => server.labels.set(2, `other ${index}`)));
    await expect(rename(server, { id: 1, label: 'North 2' }, shown)).rejects.toMatchObject({ status: 409 });
    expect(server.labels.get(1)).toBe('north');
  });
});
