import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './download-storage.js';

const storage = async () => new LocalDiskStorage(await mkdtemp(path.join(tmpdir(), 'catchment-downloads-')));

describe('LocalDiskStorage', () => {
  it('stores bytes or a stream under the key, replacing an earlier file, and reads it back', async () => {
    const store = await storage();
    const key = randomUUID();
    expect(await store.put(key, Buffer.from('first'))).toEqual({ size: 5 });
    expect(await store.put(key, Readable.from([Buffer.from('sec'), Buffer.from('ond!')]))).toEqual({ size: 7 });
    expect(await text((await store.get(key))!)).toBe('second!');
    expect(await readdir(store.directory)).toEqual([key]);
  });

  it('keeps the earlier file whole when a write fails midway, and leaves no temporary file', async () => {
    const store = await storage();
    const key = randomUUID();
    await store.put(key, Buffer.from('whole'));
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('half of it');
      throw new Error('the export broke');
    }
    await expect(store.put(key, failing())).rejects.toThrow('the export broke');
    expect(await readFile(path.join(store.directory, key), 'utf8')).toBe('whole');
    expect(await readdir(store.directory)).toEqual([key]);
  });

  it('removes what a killed writer left before writing again', async () => {
    const store = await storage();
    const key = randomUUID();
    // A process that no longer runs (pid 2^22 + 1 is above Linux's highest) left half a file.
    await writeFile(path.join(store.directory, `${key}.4194305.1.tmp`), 'half');
    await store.put(key, Buffer.from('whole'));
    expect(await readdir(store.directory)).toEqual([key]);
  });

  it('answers nothing for a file it does not hold, removes quietly, and refuses keys that are not ids', async () => {
    const store = await storage();
    expect(await store.get(randomUUID())).toBeUndefined();
    await expect(store.remove(randomUUID())).resolves.toBeUndefined();
    await expect(store.put('../escape', Buffer.from('x'))).rejects.toThrow(/Invalid download file key/);
  });
});
