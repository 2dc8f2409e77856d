/**
 * Runs in the server under test (server-entry.ts): once a second it sends the bench the
 * event-loop delay of that second over the IPC channel. A busy event loop is
 * what keeps the server from accepting connections and reading requests, so this is the
 * server-side half of the load test's evidence. Does nothing when not started by the bench.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface LoopReport { at: number; p99Ms: number; maxMs: number; meanMs: number }

export function startLoopProbe(): void {
  if (!process.send) return;
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const timer = setInterval(() => {
    process.send?.({
      at: Date.now(), p99Ms: histogram.percentile(99) / 1e6, maxMs: histogram.max / 1e6, meanMs: histogram.mean / 1e6,
    } satisfies LoopReport);
    histogram.reset();
  }, 1000);
  // The probe must never keep the server alive on its own…
  timer.unref();
  process.channel?.unref();
  // …nor the server outlive the bench (Ctrl-C, a crash): it shuts down as on SIGTERM.
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}
