/**
 * The bench's reference for the search alone: reference-dijkstra.c, a plain bounded Dijkstra in C
 * compiled at bench time (`cc -O2`), run on the same graph file from the same snapped starts as our
 * engine. It tells how far our search is from compiled code doing the same work, and its settled
 * node counts cross-check ours.
 */
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import type { RoutingGraph } from '../../packages/routing/src/graph/routing-graph.js';
import type { RoutingMode } from '../../packages/routing/src/modes.js';
import type { SnappedPoint } from '../../packages/routing/src/query/snap.js';

const run = promisify(execFile);
const SOURCE = new URL('./reference-dijkstra.c', import.meta.url).pathname;

/** One search for the reference: the budget (seconds) and where it starts, at what cost. */
export interface ReferenceSearch {
  budget: number;
  seeds: Array<{ node: number; cost: number }>;
}

export interface ReferenceAnswer {
  settledNodes: number;
  /** The first run. */
  milliseconds: number;
  /** The fastest of the runs asked (ReferenceProcess's `repeat`). */
  fastestMs: number;
}

/**
 * The starts of a travel-time search from a snapped point, as the engine's search seeds them
 * (query/bounded-search.ts): the segment's to node along its forward edge (the share of it after
 * the point), its from node along its backward edge (the share before), each only when the mode
 * may drive that direction. Checked before multiplying, as there: Infinity × 0 would be NaN.
 */
export function seedsOf(graph: RoutingGraph, mode: RoutingMode, start: SnappedPoint): ReferenceSearch['seeds'] {
  const times = graph.times[mode];
  const seeds: ReferenceSearch['seeds'] = [];
  const forward = graph.segmentForward[start.segment]!;
  const backward = graph.segmentBackward[start.segment]!;
  if (forward >= 0 && times[forward] !== Infinity) seeds.push({ node: graph.segmentTo[start.segment]!, cost: 0 + times[forward]! * (1 - start.fraction) });
  if (backward >= 0 && times[backward] !== Infinity) seeds.push({ node: graph.segmentFrom[start.segment]!, cost: 0 + times[backward]! * start.fraction });
  return seeds;
}

/** Compiles the reference into `workDir`; the path of the program, or why it could not be. */
export async function compileReference(workDir: string): Promise<{ ok: true; binary: string } | { ok: false; reason: string }> {
  const binary = join(workDir, 'reference-dijkstra');
  try {
    await run('cc', ['-O2', '-o', binary, SOURCE, '-lm']);
    return { ok: true, binary };
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    return { ok: false, reason: missing ? 'no C compiler (cc)' : `cc failed: ${(error as { stderr?: string }).stderr ?? (error as Error).message}` };
  }
}

/**
 * The reference program on one graph and mode, kept running: each search is one line written and
 * one line read back, so the bench interleaves it with our requests point by point.
 */
export class ReferenceProcess {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly lines: AsyncIterator<string>;
  private stderr = '';

  /** `repeat`: each search run that many times, the fastest reported. */
  constructor(binary: string, graphPath: string, mode: RoutingMode, repeat = 1) {
    this.child = spawn(binary, [graphPath, mode, String(repeat)], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stderr.on('data', (chunk: Buffer) => { this.stderr += chunk.toString(); });
    this.lines = createInterface({ input: this.child.stdout })[Symbol.asyncIterator]();
  }

  async search(search: ReferenceSearch): Promise<ReferenceAnswer> {
    // String(number) is the shortest text that reads back as the same double (strtod): the costs are exactly ours.
    const line = [search.budget, search.seeds.length, ...search.seeds.flatMap((seed) => [seed.node, seed.cost])].map(String).join(' ');
    this.child.stdin.write(`${line}\n`);
    const answer = await this.lines.next();
    if (answer.done) throw new Error(`the reference search stopped: ${this.stderr.trim()}`);
    const [settled, micros, fastest] = answer.value.split(' ').map(Number);
    return { settledNodes: settled!, milliseconds: micros! / 1000, fastestMs: fastest! / 1000 };
  }

  close(): void {
    this.child.stdin.end();
  }
}
