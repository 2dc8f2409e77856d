/**
 * Sends a tile read from a PMTiles archive: a gzip tile goes out as stored to a client that
 * accepts gzip (every browser), without being inflated and compressed again; otherwise it is
 * inflated in libuv's thread pool.
 */
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoredTile } from '@catchment/geodata';
import { sendTile } from '../http/tiles.js';

const gunzipAsync = promisify(gunzip);
const acceptsGzip = (request: FastifyRequest) => /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));

export async function sendStoredTile(request: FastifyRequest, reply: FastifyReply, tile: StoredTile | null, cacheControl: string) {
  if (tile?.compression === 'gzip' && acceptsGzip(request)) {
    return reply
      .header('cache-control', cacheControl).header('vary', 'Accept-Encoding')
      .type('application/vnd.mapbox-vector-tile').header('content-encoding', 'gzip')
      .send(Buffer.from(tile.data.buffer, tile.data.byteOffset, tile.data.byteLength));
  }
  const data = tile?.compression === 'gzip' ? new Uint8Array(await gunzipAsync(tile.data)) : tile?.data ?? null;
  return sendTile(request, reply, data, cacheControl);
}
