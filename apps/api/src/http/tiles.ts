/** Sends a vector tile: 204 when empty, gzip-compressed for clients that accept it when worth it. */
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Tiles larger than this are sent gzip-compressed to clients that accept it. */
const GZIP_MIN_BYTES = 1024;

const acceptsGzip = (request: FastifyRequest) => /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));

export function sendTile(request: FastifyRequest, reply: FastifyReply, tile: Uint8Array | null, cacheControl: string) {
  reply.header('cache-control', cacheControl).header('vary', 'Accept-Encoding');
  if (!tile) return reply.code(204).send();
  reply.type('application/vnd.mapbox-vector-tile');
  if (tile.length >= GZIP_MIN_BYTES && acceptsGzip(request)) {
    return reply.header('content-encoding', 'gzip').send(gzipSync(tile));
  }
  return reply.send(Buffer.from(tile.buffer, tile.byteOffset, tile.byteLength));
}
