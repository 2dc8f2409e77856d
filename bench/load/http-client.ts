/**
 * One timed HTTP request with node:http, on a fresh connection (no agent, `Connection: close`:
 * what a browser does on a new page or tab, and what suffers when the server stops accepting) or
 * on a user's keep-alive agent (reused when it has an idle socket). Each request records whether
 * its socket was new, and for a new one how long the TCP connect took: a SYN dropped by a full
 * accept queue shows up there as 1, 3, 7, 15, 31 s (the kernel's SYN retransmission back-off).
 */
import http from 'node:http';

/** Long enough to see the worst SYN back-off (31 s) and a saturated server; the run still ends. */
export const REQUEST_TIMEOUT_MS = 60_000;

export interface Sample {
  kind: string;
  /** The request went out on a socket opened for it (not a reused keep-alive one). */
  fresh: boolean;
  startedAt: number;
  ms: number;
  /** TCP connect time of a fresh socket. */
  connectMs?: number | undefined;
  status: number;
  error?: string | undefined;
}

export interface Response { status: number; body: string; cookies: string[] }

export interface RequestSpec {
  kind: string;
  origin: string;
  method: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** A keep-alive agent, or 'fresh' for a connection of its own. */
  agent: http.Agent | 'fresh';
}

export function timedRequest(spec: RequestSpec, record: (sample: Sample) => void): Promise<Response | undefined> {
  const payload = spec.body === undefined ? undefined : JSON.stringify(spec.body);
  const headers: Record<string, string> = {
    accept: 'application/json', ...spec.headers,
    ...(payload !== undefined ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}),
    ...(spec.agent === 'fresh' ? { connection: 'close' } : {}),
  };
  const startedAt = performance.now();
  let connectMs: number | undefined;
  let fresh = spec.agent === 'fresh';
  return new Promise((resolve) => {
    let settled = false;
    const finish = (status: number, response?: Response, error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      record({ kind: spec.kind, fresh, startedAt, ms: performance.now() - startedAt, connectMs, status, error });
      resolve(response);
    };
    const request = http.request(new URL(spec.path, spec.origin), {
      method: spec.method, headers, agent: spec.agent === 'fresh' ? false : spec.agent,
    }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => finish(response.statusCode ?? 0, {
        status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString(), cookies: response.headers['set-cookie'] ?? [],
      }));
      response.on('error', (error) => finish(0, undefined, error.message));
    });
    request.on('socket', (socket) => {
      fresh = fresh || !request.reusedSocket;
      if (socket.connecting) {
        const connecting = performance.now();
        socket.once('connect', () => { connectMs = performance.now() - connecting; });
      }
    });
    request.on('error', (error) => finish(0, undefined, (error as NodeJS.ErrnoException).code ?? error.message));
    const timer = setTimeout(() => request.destroy(new Error('timeout')), REQUEST_TIMEOUT_MS);
    request.end(payload);
  });
}
