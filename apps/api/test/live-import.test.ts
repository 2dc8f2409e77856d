/**
 * An import while the server runs, on the embedded database (an acceptance contract): the data
 * command line reaches the running server's database through its socket, the server keeps
 * answering during the import, and uses the imported units as soon as the command ends. A real
 * server process and a real command-line process; the data folder is kept between runs (the demo
 * is built and loaded once).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnitKindSummary } from '@catchment/domain';
import { ApiProcess, REPOSITORY_ROOT } from './api-process.js';

const DATA_DIR = path.join(REPOSITORY_ROOT, 'var/test/live-import');
const DATASET = 'fr-communes--communes-06-alpes-maritimes';
const run = promisify(execFile);

const dataCommand = (args: string[]) => run(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/data.ts', ...args], {
  cwd: REPOSITORY_ROOT, env: { ...process.env, DATA_DIR, DATABASE_URL: '' },
});

describe.skipIf(process.env.TEST_DATABASE === 'postgres')('an import while the server runs on the embedded database', () => {
  let server: ApiProcess;
  let base = '';

  beforeAll(async () => {
    server = await ApiProcess.start('live-import', { DATA_DIR, DATABASE_URL: '', COMPUTE_WORKERS: '1', ROUTING_WORKERS: '1' });
    base = `${server.url}/api`;
    // What an earlier run left.
    await dataCommand(['remove', DATASET]).catch(() => {});
  }, 660_000);

  afterAll(async () => {
    await dataCommand(['remove', DATASET]).catch(() => {});
    await server?.stop();
  });

  const communes = async () => {
    const { kinds } = await (await fetch(`${base}/v2/units/kinds`)).json() as { kinds: UnitKindSummary[] };
    return kinds.find((kind) => kind.kind === 'fr_cities')!;
  };

  it('writes through the server, which keeps answering and uses the units at once', async () => {
    expect((await communes()).sources).toEqual(['demo']);
    let polling = true;
    const answers: number[] = [];
    const poll = (async () => {
      while (polling) {
        answers.push((await fetch(`${base}/health`)).status);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const { stdout } = await dataCommand(['import', 'fr-communes',
      'test-data/fr/communes-06-alpes-maritimes.geojson', 'test-data/fr/population-communes-06-alpes-maritimes.csv']);
    polling = false;
    await poll;

    expect(stdout).toContain('Writing to the embedded database through the running server');
    expect(stdout).toContain(`Dataset ${DATASET} is live`);
    expect(answers.length).toBeGreaterThan(3);
    expect(answers.every((status) => status === 200)).toBe(true);
    const after = await communes();
    expect(after.sources).toEqual(['demo', 'fr-communes']);
    expect(after.geometry).toBe('mixed');
  }, 120_000);
});
