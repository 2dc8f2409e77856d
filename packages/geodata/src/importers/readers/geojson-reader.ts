/**
 * Streams the features of a GeoJSON FeatureCollection one by one (stream-json), so a file of
 * hundreds of megabytes is read in constant memory. A file holding a single Feature (as some
 * département outlines are published) is read whole.
 */
import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import { pipeline } from 'node:stream';
import type { Feature } from 'geojson';
import { trackedStream, type ByteProgress, type SourceFeature } from './contours.js';

// stream-json 1.x is CommonJS only.
const require = createRequire(import.meta.url);
const { parser } = require('stream-json') as typeof import('stream-json');
const { pick } = require('stream-json/filters/Pick') as typeof import('stream-json/filters/Pick');
const { streamArray } = require('stream-json/streamers/StreamArray') as typeof import('stream-json/streamers/StreamArray');

export async function* readGeoJsonFeatures(file: string, onBytes?: ByteProgress): AsyncGenerator<SourceFeature> {
  if (await isSingleFeature(file)) {
    const feature = JSON.parse(await fs.readFile(file, 'utf8')) as Feature;
    onBytes?.((await fs.stat(file)).size);
    yield { properties: feature.properties ?? {}, geometry: feature.geometry };
    return;
  }
  const features = streamArray();
  // pipeline(), not pipe(): a syntax error in the file must destroy the last stream too, so the loop
  // below throws instead of waiting forever for features that will not come.
  pipeline(trackedStream(file, onBytes), parser(), pick({ filter: 'features' }), features, () => {});
  for await (const { value } of features as AsyncIterable<{ value: Feature }>) {
    yield { properties: value.properties ?? {}, geometry: value.geometry };
  }
}

/** Whether the file's top-level object is a Feature rather than a FeatureCollection. */
async function isSingleFeature(file: string): Promise<boolean> {
  const handle = await fs.open(file);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(256), 0, 256, 0);
    return /^\s*\{\s*"type"\s*:\s*"Feature"/.test(buffer.subarray(0, bytesRead).toString('utf8'));
  } finally {
    await handle.close();
  }
}
