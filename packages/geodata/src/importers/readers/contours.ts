/**
 * Reads the features of a boundary file, whatever its format: GeoJSON (streamed, so a national
 * file never sits whole in memory), TopoJSON, Shapefile (.shp with its .dbf and .prj) or
 * GeoPackage. Coordinates come out in WGS84 lon/lat: Shapefiles and GeoPackages in another
 * projection (IGN's Lambert-93, EPSG:2154) are reprojected with proj4.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { Geometry } from 'geojson';
import { readGeoJsonFeatures } from './geojson-reader.js';
import { readGeoPackageFeatures } from './geopackage-reader.js';
import { readShapefileFeatures } from './shapefile-reader.js';
import { readTopoJsonFeatures } from './topojson-reader.js';

export interface SourceFeature { properties: Record<string, unknown>; geometry: Geometry | null }

/** `onBytes(read)` follows the bytes read, for a progress bar. */
export type ByteProgress = (bytesRead: number) => void;

export interface ContourReadOptions {
  onBytes?: ByteProgress;
  /** For TopoJSON files holding several objects (us-atlas: states and counties): the one to read. */
  topologyObject?: string;
}

export async function* readContours(file: string, options: ContourReadOptions = {}): AsyncGenerator<SourceFeature> {
  const extension = file.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  switch (extension) {
    case 'shp':
      yield* readShapefileFeatures(file, options.onBytes);
      return;
    case 'gpkg':
      yield* readGeoPackageFeatures(file, options.onBytes);
      return;
    case 'json':
    case 'geojson':
    case 'topojson':
      if (await isTopology(file)) yield* readTopoJsonFeatures(file, options.topologyObject, options.onBytes);
      else yield* readGeoJsonFeatures(file, options.onBytes);
      return;
    default:
      throw new Error(`${file}: unknown boundary format; expected .geojson, .json (GeoJSON or TopoJSON), .shp or .gpkg`);
  }
}

/** A TopoJSON file says so in its first bytes (`"type":"Topology"`). */
async function isTopology(file: string): Promise<boolean> {
  const handle = await fs.open(file);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(512), 0, 512, 0);
    return /"type"\s*:\s*"Topology"/.test(buffer.subarray(0, bytesRead).toString('utf8'));
  } finally {
    await handle.close();
  }
}

/** A read stream of the file that reports the bytes read so far. */
export function trackedStream(file: string, onBytes?: ByteProgress) {
  const stream = createReadStream(file);
  if (onBytes) {
    let read = 0;
    stream.on('data', (chunk) => {
      read += chunk.length;
      onBytes(read);
    });
  }
  return stream;
}
