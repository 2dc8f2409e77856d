/**
 * Our isochrones through the HTTP API, as the web app asks for them: the real server
 * (apps/api/src/main.ts, in a child process) on the graphs the bench imported, and POST
 * /api/v2/isochrones over one keep-alive connection, timed from the request to the last byte of
 * the answer (compressed as a browser asks: gzip, deflate, br).
 */
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate } from 'node:zlib';
import { startServer, type RunningServer } from '../load/server-process.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Keeps the demo data and the embedded database the server builds on its first start, for later runs. */
const DATA_DIR = path.join(ROOT, 'var/bench-routing');

const DECODERS: Record<string, (body: Buffer) => Promise<Buffer>> = {
  br: promisify(brotliDecompress),
  gzip: promisify(gunzip),
  deflate: promisify(inflate),
};

export interface IsochroneBody {
  startPoint: [number, number];
  isoMode: 'isochrone' | 'isodistance';
  transportMode: string;
  values: number[];
}

export interface HttpAnswer {
  status: number;
  milliseconds: number;
  /** The answer's JSON, decompressed (after the timing). */
  json: unknown;
}

export class ApiIsochrones {
  /** One connection, kept alive between requests, as a browser tab keeps its connection to the app. */
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  private constructor(private readonly server: RunningServer) {}

  /**
   * Starts the API with `graphDir` as its road networks (ROUTING_GRAPH_DIR; a region there replaces
   * the demo's graph of the same name). The server trusts X-Forwarded-For from the loopback (as
   * behind a proxy) so that each start point can be its own client for the per-address rate limit
   * (60 isochrones a minute), which is still counted in the database on every request.
   */
  static async start(graphDir: string, log: (line: string) => void): Promise<ApiIsochrones> {
    const server = await startServer({ dataDir: DATA_DIR, keepDatabase: true, log, env: { ROUTING_GRAPH_DIR: graphDir, TRUST_PROXY: 'loopback' } });
    return new ApiIsochrones(server);
  }

  /** `client`: the address the request comes from (X-Forwarded-For). */
  request(body: IsochroneBody, client: string): Promise<HttpAnswer> {
    const payload = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const request = http.request(new URL('/api/v2/isochrones', this.server.origin), {
        method: 'POST',
        agent: this.agent,
        headers: {
          'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)),
          accept: 'application/json', 'accept-encoding': 'gzip, deflate, br', 'x-forwarded-for': client,
        },
      }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const milliseconds = performance.now() - started;
          const encoding = response.headers['content-encoding'];
          const decode = encoding ? DECODERS[encoding] : undefined;
          const raw = Buffer.concat(chunks);
          (decode ? decode(raw) : Promise.resolve(raw))
            .then((text) => resolve({ status: response.statusCode ?? 0, milliseconds, json: JSON.parse(text.toString()) as unknown }))
            .catch(reject);
        });
      });
      request.on('error', reject);
      request.end(payload);
    });
  }

  async stop(): Promise<void> {
    this.agent.destroy();
    await this.server.stop();
  }
}

/** Whether an answer is the area asked: 200 and one MultiPolygon per value. */
export function isArea(answer: HttpAnswer, values: number): boolean {
  const features = (answer.json as { features?: Array<{ geometry?: { type?: string } }> }).features;
  return answer.status === 200 && features?.length === values && features.every((f) => f.geometry?.type === 'MultiPolygon');
}
