/**
 * A local HTTP server (node:http) standing in for a geocoding service in the adapters' tests: it
 * records what the adapter sent and answers what the test says the service's documentation
 * answers. Multipart bodies are read with the platform's own FormData parser.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  /** The body read as a form, for multipart requests. */
  form?: FormData;
}

export interface ServiceAnswer {
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as it is; anything else as JSON. */
  body?: unknown;
  /** Waits this long before answering. */
  delayMs?: number;
}

export interface LocalService {
  baseUrl: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

export async function startLocalService(answer: (request: ReceivedRequest) => ServiceAnswer | Promise<ServiceAnswer>): Promise<LocalService> {
  const received: ReceivedRequest[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const entry: ReceivedRequest = { method: request.method!, url: new URL(request.url!, 'http://local'), headers: request.headers };
        const type = request.headers['content-type'] ?? '';
        if (type.startsWith('multipart/form-data')) entry.form = await new Response(Buffer.concat(chunks), { headers: { 'content-type': type } }).formData();
        received.push(entry);
        const { status = 200, headers = {}, body, delayMs } = await answer(entry);
        if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
        if (response.destroyed) return;
        const text = typeof body === 'string' ? body : JSON.stringify(body ?? null);
        response.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json', ...headers }).end(text);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
