/**
 * Streams the features of a Shapefile (.shp geometry, .dbf attributes beside it, .prj projection),
 * the format IGN and the US Census Bureau publish boundaries in. Attributes are read as UTF-8
 * unless a .cpg file beside them names another encoding (older IGN files are Latin-1).
 */
import fs from 'node:fs/promises';
import { open } from 'shapefile';
import type { ByteProgress, SourceFeature } from './contours.js';
import { reprojectorFromWkt } from './reprojection.js';

const sibling = (file: string, extension: string) => file.replace(/\.shp$/i, extension);

async function optionalText(file: string): Promise<string | undefined> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}

export async function* readShapefileFeatures(file: string, onBytes?: ByteProgress): AsyncGenerator<SourceFeature> {
  const reproject = reprojectorFromWkt(await optionalText(sibling(file, '.prj')));
  const encoding = (await optionalText(sibling(file, '.cpg')))?.trim() || 'utf-8';
  const size = (await fs.stat(file)).size;
  // The reader gives no byte offset; the index (.shx: a 100-byte header, 8 bytes per record) gives the record count.
  const records = Math.max(1, ((await fs.stat(sibling(file, '.shx')).catch(() => ({ size: 108 }))).size - 100) / 8);
  const source = await open(file, sibling(file, '.dbf'), { encoding });
  let features = 0;
  for (let result = await source.read(); !result.done; result = await source.read()) {
    const { properties, geometry } = result.value;
    features += 1;
    if (onBytes && features % 100 === 0) onBytes(Math.min(size, Math.round((size * features) / records)));
    yield { properties: (properties ?? {}) as Record<string, unknown>, geometry: geometry ? reproject(geometry) : null };
  }
  onBytes?.(size);
}
