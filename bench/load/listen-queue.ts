/**
 * What the kernel says about the server's listen socket (Linux only; elsewhere the figures are
 * missing, not wrong): how deep its accept queue gets while the load runs (sampled from
 * /proc/net/tcp, where a LISTEN socket's rx_queue is the number of connections waiting for
 * accept()), and how many SYNs were dropped because that queue was full (TcpExt ListenOverflows /
 * ListenDrops of /proc/net/netstat: counters of the whole network namespace, so other traffic on
 * the machine counts too; on a quiet loopback they are ours).
 */
import { readFileSync } from 'node:fs';

export interface ListenCounters { overflows: number; drops: number }

export function readListenCounters(): ListenCounters | undefined {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n').filter((line) => line.startsWith('TcpExt:'));
    const names = lines[0]!.split(/\s+/);
    const values = lines[1]!.split(/\s+/).map(Number);
    const get = (name: string) => values[names.indexOf(name)] ?? 0;
    return { overflows: get('ListenOverflows'), drops: get('ListenDrops') };
  } catch {
    return undefined;
  }
}

/** Current accept-queue length of the socket listening on 127.0.0.1:port, if it can be read. */
function acceptQueueLength(port: number): number | undefined {
  try {
    const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;
    for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // fields: sl local_address rem_address st tx_queue:rx_queue …; st 0A is LISTEN.
      if (fields[1] === local && fields[3] === '0A') return parseInt(fields[4]!.split(':')[1]!, 16);
    }
  } catch {
    // not Linux, or /proc is not mounted
  }
  return undefined;
}

/** Samples the accept-queue length every `everyMs` until stopped; returns the largest seen. */
export function watchAcceptQueue(port: number, everyMs = 100): () => number | undefined {
  let max: number | undefined;
  const timer = setInterval(() => {
    const length = acceptQueueLength(port);
    if (length !== undefined) max = Math.max(max ?? 0, length);
  }, everyMs);
  return () => { clearInterval(timer); return max; };
}
