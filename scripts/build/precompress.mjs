// Brotli and gzip copies of the web app's text files (`<file>.br`, `<file>.gz`), made once at build
// time at the highest levels: the server sends them as they are (@fastify/static `preCompressed`)
// instead of compressing the same few megabytes of JavaScript for every visitor.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const TEXT = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.txt']);
/** Below this a compressed copy saves less than its headers cost (the server's threshold too). */
const MIN_BYTES = 1024;

function textFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return textFiles(file);
    return TEXT.has(path.extname(entry.name)) && fs.statSync(file).size >= MIN_BYTES ? [file] : [];
  });
}

/** Writes the compressed copies of every text file under `dir`; zlib runs them on its thread pool. */
export async function precompress(dir) {
  const files = textFiles(dir);
  await Promise.all(files.map(async (file) => {
    const content = fs.readFileSync(file);
    const [br, gz] = await Promise.all([
      brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
      gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, gz);
  }));
  return files.length;
}
