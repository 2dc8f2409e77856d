/**
 * `npm run bench:startup`: how long the API server takes to answer after it is started, the CPU
 * time it spends until then, and how much memory it holds once idle, run from its TypeScript
 * sources through the tsx loader (the baseline: what `npm start` ran before) and from the compiled
 * bundle (what it runs now), with and without source maps.
 *
 * The data folder (default var/bench-startup) is initialised by a first start that is not counted
 * (it builds the demo data and imports the demo road networks, and warms tsx's cache); then every
 * mode is started `--runs` times, the modes taking turns so that a busy moment of the machine falls
 * on all of them. Options: --runs 5, --idle 5 (seconds before reading the memory), --data-dir.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { median, mb, ms, table } from '../stats.js';
import { measureStart, ROOT, type StartMeasure, type StartMode } from './server-start.js';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    idle: { type: 'string', default: '5' },
    'data-dir': { type: 'string', default: 'var/bench-startup' },
  },
});
const runs = Number(options.runs);
const idleMs = Number(options.idle) * 1000;
const dataDir = path.resolve(ROOT, options['data-dir']!);
const log = (line: string) => console.log(line);
/** Two decimals: the ratios here are near 1. */
const times = (value: number) => `${value.toFixed(2)}×`;

const MODES: StartMode[] = [
  { name: 'tsx (sources)', args: ['--import', 'tsx', 'apps/api/src/main.ts'] },
  { name: 'compiled', args: ['--enable-source-maps', 'apps/api/dist/main.js'] },
  { name: 'compiled, no source maps', args: ['apps/api/dist/main.js'] },
];

log('Building the API from the current sources (npm run build:api)…');
const build = spawnSync(process.execPath, ['scripts/build-api.mjs'], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0) throw new Error('the API did not build');

log(`Initialising ${dataDir} (not counted)…`);
await measureStart(MODES[0]!, { dataDir, idleMs: 0, log });

const measures = new Map<string, StartMeasure[]>(MODES.map((mode) => [mode.name, []]));
for (let run = 1; run <= runs; run++) {
  for (const mode of MODES) {
    const measure = await measureStart(mode, { dataDir, idleMs, log });
    measures.get(mode.name)!.push(measure);
    log(`run ${run}/${runs} ${mode.name}: ready in ${ms(measure.readyMs)} ms (${ms(measure.cpuMs)} ms of CPU), ${mb(measure.rssKb)} resident`);
  }
}

const summary = (name: string) => {
  const list = measures.get(name)!;
  return {
    ready: median(list.map((m) => m.readyMs)), readyMin: Math.min(...list.map((m) => m.readyMs)),
    cpu: median(list.map((m) => m.cpuMs)), rss: median(list.map((m) => m.rssKb)),
  };
};
const baseline = summary(MODES[0]!.name);
log(`\nTime to ready (spawn → first 200 of /api/health), CPU time spent until then, resident memory after ${options.idle} s idle;`
  + ` medians of ${runs} starts.\n`);
log(table([
  ['mode', 'ready p50 (ms)', 'min (ms)', 'CPU p50 (ms)', 'RSS p50', 'ready ÷ tsx', 'CPU ÷ tsx', 'RSS ÷ tsx'],
  ...MODES.map(({ name }) => {
    const s = summary(name);
    return [name, ms(s.ready), ms(s.readyMin), ms(s.cpu), mb(s.rss), times(s.ready / baseline.ready), times(s.cpu / baseline.cpu), times(s.rss / baseline.rss)];
  }),
]));
