import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { temporaryPathFor, withScratchFile, writeFileAtomically, writeFileAtomicallySync, writeStreamAtomically } from './atomic-write.js';
import { removeStaleTemporaryFiles, temporaryFileWriter } from './stale-temporary-files.js';
import { runKilledMidWrite } from './test-support/index.js';

const folder = () => mkdtempSync(path.join(tmpdir(), 'atomic-write-'));
const atomicWriteModule = fileURLToPath(new URL('./atomic-write.ts', import.meta.url));

async function* failingAfter(chunk: string): AsyncGenerator<string> {
  yield chunk;
  throw new Error('source broke');
}

describe('crash-safe writes', () => {
  it('writes and replaces a file, leaving no temporary file', async () => {
    const directory = folder();
    const target = path.join(directory, 'data.json');
    await writeFileAtomically(target, 'first');
    await writeFileAtomically(target, new TextEncoder().encode('second'));
    expect(readFileSync(target, 'utf8')).toBe('second');
    await writeStreamAtomically(target, ['a', 'b', 'c']);
    expect(readFileSync(target, 'utf8')).toBe('abc');
    expect(writeFileAtomicallySync(target, (fd) => writeSync(fd, 'sync'))).toBe(4);
    expect(readFileSync(target, 'utf8')).toBe('sync');
    await writeFileAtomically(target, '');
    expect(readFileSync(target, 'utf8')).toBe('');
    expect(readdirSync(directory)).toEqual(['data.json']);
  });

  it('keeps the previous file and removes its temporary file when the writer fails', async () => {
    const directory = folder();
    const target = path.join(directory, 'data.json');
    await writeFileAtomically(target, 'previous');
    await expect(writeStreamAtomically(target, failingAfter('half'))).rejects.toThrow('source broke');
    expect(() => writeFileAtomicallySync(target, () => {
      throw new Error('writer broke');
    })).toThrow('writer broke');
    expect(readFileSync(target, 'utf8')).toBe('previous');
    expect(readdirSync(directory)).toEqual(['data.json']);
  });

  it('removes a scratch file once used, even when its user fails', async () => {
    const directory = folder();
    const target = path.join(directory, 'data.json');
    await expect(withScratchFile(target, async (scratch) => {
      writeFileSync(scratch, 'partial');
      throw new Error('failed');
    })).rejects.toThrow('failed');
    expect(readdirSync(directory)).toEqual([]);
  });

  it('keeps the previous file whole when the writing process is killed in the middle, and the next start removes what it left', async () => {
    const directory = folder();
    const target = path.join(directory, 'data.json');
    const previous = JSON.stringify({ version: 1 });
    await writeFileAtomically(target, previous);

    // 4 MB in 64 kB chunks, killed after 1 MB: the new content is only partly on disk.
    const chunks = Array.from({ length: 64 }, (_, i) => String(i % 10).repeat(65_536));
    const run = await runKilledMidWrite({ module: atomicWriteModule, exportName: 'writeStreamAtomically', args: [target, chunks], afterBytes: 1_000_000, into: directory });
    expect(run).toMatchObject({ signal: 'SIGKILL' });

    expect(readFileSync(target, 'utf8')).toBe(previous);
    const leftovers = readdirSync(directory).filter((name) => name !== 'data.json');
    expect(leftovers).toHaveLength(1);
    expect(temporaryFileWriter(leftovers[0]!)).toBeGreaterThan(0);
    // Killed mid-write: part of the new content, not none of it and not all of it.
    expect(statSync(path.join(directory, leftovers[0]!)).size).toBeGreaterThanOrEqual(1_000_000);
    expect(statSync(path.join(directory, leftovers[0]!)).size).toBeLessThan(4_194_304);

    const log: string[] = [];
    expect(await removeStaleTemporaryFiles(directory, (line) => log.push(line))).toEqual([path.join(directory, leftovers[0]!)]);
    expect(readdirSync(directory)).toEqual(['data.json']);
    expect(log).toEqual([`Removed ${path.join(directory, leftovers[0]!)}, left by an interrupted write`]);
  });

  it('leaves alone the temporary files of a writer that still runs, and those of earlier versions are cleaned too', async () => {
    const directory = folder();
    const running = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30_000)']);
    try {
      const ofRunningWriter = path.join(directory, `graph.graph.${running.pid}.1.tmp`);
      const legacyBody = path.join(directory, 'fr-communes--a.ndjson.999999999.body.tmp');
      const legacy = path.join(directory, 'basemap.json.999999999.tmp');
      for (const file of [ofRunningWriter, legacyBody, legacy, path.join(directory, 'notes.tmp')]) writeFileSync(file, 'x');
      expect(await removeStaleTemporaryFiles(directory)).toEqual([legacy, legacyBody]);
      expect(readdirSync(directory).sort()).toEqual([path.basename(ofRunningWriter), 'notes.tmp']);
    } finally {
      running.kill();
    }
  });

  it('leaves alone what this process is writing now, but takes its pid\'s files from an earlier run', async () => {
    const directory = folder();
    const target = path.join(directory, 'data.json');
    const earlierRun = temporaryPathFor(target);
    writeFileSync(earlierRun, 'left by a killed process that had the same pid');
    await withScratchFile(target, async (scratch) => {
      writeFileSync(scratch, 'in use');
      expect(await removeStaleTemporaryFiles(directory)).toEqual([earlierRun]);
      expect(readFileSync(scratch, 'utf8')).toBe('in use');
    });
  });

  it('answers that a missing folder has nothing to clean', async () => {
    expect(await removeStaleTemporaryFiles(path.join(folder(), 'missing'))).toEqual([]);
  });
});
