/**
 * Memory of processes from Linux's /proc: a process's resident set, and the sum over a browser's
 * process tree (Chromium runs a browser process, a zygote, GPU and network services and a renderer
 * per page, all children of the executable the bench or the API launched).
 */
import fs from 'node:fs';

/** Each live process's parent and command name. */
function processTable(): Map<number, { ppid: number; comm: string }> {
  const table = new Map<number, { ppid: number; comm: string }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid …": the name may hold spaces and parentheses, the last ")" ends it.
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const ppid = Number(stat.slice(close + 2).split(' ')[1]);
      table.set(Number(entry), { ppid, comm });
    } catch {
      // The process ended while the table was read.
    }
  }
  return table;
}

/** The Chromium executables this process launched (Debian's /usr/bin/chromium is a script named chromium). */
export function chromiumRoots(parent: number = process.pid): number[] {
  return [...processTable()].filter(([, { ppid, comm }]) => ppid === parent && /chrom/i.test(comm)).map(([pid]) => pid);
}

/** `root` and every process below it. */
export function processTree(root: number): number[] {
  const table = processTable();
  const tree = [root];
  for (let i = 0; i < tree.length; i += 1) for (const [pid, { ppid }] of table) if (ppid === tree[i]) tree.push(pid);
  return tree;
}

function statusKb(pid: number, field: 'VmRSS'): number {
  try {
    return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Resident memory of one process, in kB. */
export const rssKb = (pid: number): number => statusKb(pid, 'VmRSS');

/** Proportional set size, in kB: pages shared between processes counted once in total over them. */
export function pssKb(pid: number): number {
  try {
    return Number(/^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

export interface TreePeak { rssKb: number; pssKb: number; processes: number; samples: number }

/**
 * Samples every `intervalMs` the summed RSS (and PSS, when asked: reading it costs more) of the
 * trees under `roots()` (read again each time: Chromium starts a renderer per page) and of
 * `process`, until `stop` is called; returns the peaks.
 */
export function sampleMemory(roots: () => number[], options: { intervalMs: number; pss: boolean; process?: number }) {
  const peak: TreePeak = { rssKb: 0, pssKb: 0, processes: 0, samples: 0 };
  let processPeakKb = 0;
  const sample = () => {
    const pids = roots().flatMap(processTree);
    peak.rssKb = Math.max(peak.rssKb, pids.reduce((sum, pid) => sum + rssKb(pid), 0));
    if (options.pss) peak.pssKb = Math.max(peak.pssKb, pids.reduce((sum, pid) => sum + pssKb(pid), 0));
    peak.processes = Math.max(peak.processes, pids.length);
    peak.samples += 1;
    if (options.process !== undefined) processPeakKb = Math.max(processPeakKb, rssKb(options.process));
  };
  sample();
  const timer = setInterval(sample, options.intervalMs);
  return {
    stop: (): TreePeak & { processPeakKb: number } => {
      clearInterval(timer);
      sample();
      return { ...peak, processPeakKb };
    },
  };
}
