/**
 * Response compression (@fastify/compress): brotli or gzip, as the client prefers, for the JSON
 * API, the web app's scripts and styles, and vector tiles.
 *
 * Left as they are:
 * - responses under 1 KiB, where compression saves less than it costs;
 * - responses that already carry a Content-Encoding: vector tiles the tile code gzipped itself
 *   (http/tiles.ts) and the web app's files sent from their brotli or gzip copies made at build time;
 * - types not listed below, which are either compressed already (images, fonts, XLSX, which is a ZIP)
 *   or unknown: in particular application/octet-stream, which the plugin would compress by default;
 * - server-sent event streams, which a compressor would buffer.
 */
import type { FastifyCompressOptions } from '@fastify/compress';

/** The plugin's own list (text, JSON, XML) plus JavaScript (@fastify/static's type for .js and .mjs) and vector tiles. */
export const COMPRESSIBLE_TYPES =
  /^text\/(?!event-stream)|[+/](?:json|xml|text)(?:;|$)|^application\/(?:javascript|x-protobuf|vnd\.mapbox-vector-tile)(?:;|$)/;

export const compressionOptions: FastifyCompressOptions = {
  threshold: 1024,
  // zstd is not in Node 20's zlib; deflate is what few clients ask for alone.
  encodings: ['br', 'gzip'],
  customTypes: COMPRESSIBLE_TYPES,
  // Compressed request bodies were never accepted: no need to open a door to decompression bombs.
  globalDecompression: false,
};
