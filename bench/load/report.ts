/** The load test's figures: latency per request type and per connection kind, and the server side. */
import { ms, percentile, ratio, table } from '../stats.js';
import type { Sample } from './http-client.js';
import type { LoopReport } from './loop-probe.js';

export interface RunResult {
  name: string;
  samples: Sample[];
  seconds: number;
  loop: LoopReport[];
  maxAcceptQueue: number | undefined;
  listenOverflows: number | undefined;
  listenDrops: number | undefined;
}

/** Requests slower than this are counted apart: the "over 3 s". */
const SLOW_MS = 3000;

interface Row { label: string; samples: Sample[] }

function rows(samples: Sample[]): Row[] {
  const kinds = [...new Set(samples.map((s) => s.kind))];
  return [
    ...kinds.map((kind) => ({ label: kind, samples: samples.filter((s) => s.kind === kind) })),
    { label: 'fresh connection', samples: samples.filter((s) => s.fresh) },
    { label: 'reused connection', samples: samples.filter((s) => !s.fresh) },
    { label: 'all', samples },
  ];
}

const failed = (s: Sample) => s.error !== undefined || s.status === 0 || s.status >= 400;

function figures(samples: Sample[]) {
  const times = samples.map((s) => s.ms);
  return {
    count: samples.length,
    failed: samples.filter(failed).length,
    slow: samples.filter((s) => s.ms > SLOW_MS).length,
    p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), max: times.length ? Math.max(...times) : NaN,
  };
}

export function runTable(run: RunResult): string {
  const header = ['request (ms)', 'count', 'failed', `> ${SLOW_MS / 1000} s`, 'p50', 'p95', 'p99', 'max'];
  const body = rows(run.samples).map(({ label, samples }) => {
    const f = figures(samples);
    return [label, String(f.count), String(f.failed), String(f.slow), ms(f.p50), ms(f.p95), ms(f.p99), ms(f.max)];
  });
  const connects = run.samples.filter((s) => s.connectMs !== undefined).map((s) => s.connectMs!);
  const worstSecond = run.loop.reduce<LoopReport | undefined>((worst, r) => (!worst || r.maxMs > worst.maxMs ? r : worst), undefined);
  const loopP99s = run.loop.map((r) => r.p99Ms);
  const errors = [...new Set(run.samples.filter(failed).map((s) => s.error ?? `HTTP ${s.status}`))];
  return [
    table([header, ...body]),
    `throughput ${(run.samples.length / run.seconds).toFixed(0)} requests/s; TCP connect of fresh connections: p99 ${ms(percentile(connects, 99))} ms, max ${ms(connects.length ? Math.max(...connects) : NaN)} ms`,
    `server event loop: delay p99 ${ms(percentile(loopP99s, 50))} ms in the median second, longest stall ${ms(worstSecond?.maxMs ?? NaN)} ms`,
    `listen socket: deepest accept queue ${run.maxAcceptQueue ?? '–'}, SYNs dropped (ListenOverflows / ListenDrops) ${run.listenOverflows ?? '–'} / ${run.listenDrops ?? '–'}`,
    ...(errors.length ? [`failures: ${errors.slice(0, 5).join(', ')}`] : []),
  ].join('\n');
}

/** The run's p50/p99 next to the baseline's, per row: how many times slower (> 1) or faster. */
export function ratioTable(run: RunResult, baseline: RunResult): string {
  const theirs = new Map(rows(baseline.samples).map((row) => [row.label, figures(row.samples)]));
  const header = ['request', `${run.name} p50`, `${baseline.name} p50`, 'ratio', `${run.name} p99`, `${baseline.name} p99`, 'ratio'];
  const body = rows(run.samples).map(({ label, samples }) => {
    const ours = figures(samples);
    const base = theirs.get(label);
    return [label, ms(ours.p50), ms(base?.p50 ?? NaN), ratio(ours.p50 / (base?.p50 ?? NaN)), ms(ours.p99), ms(base?.p99 ?? NaN), ratio(ours.p99 / (base?.p99 ?? NaN))];
  });
  return table([header, ...body]);
}
