/**
 * The features of one object of a TopoJSON file (us-atlas, UK boundaries as published on GitHub).
 * TopoJSON shares arcs between features, so the file is read whole; such files are small.
 */
import fs from 'node:fs/promises';
import type { Feature, FeatureCollection } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { feature } from 'topojson-client';
import type { ByteProgress, SourceFeature } from './contours.js';

export async function* readTopoJsonFeatures(file: string, objectName: string | undefined, onBytes?: ByteProgress): AsyncGenerator<SourceFeature> {
  const text = await fs.readFile(file, 'utf8');
  onBytes?.(Buffer.byteLength(text));
  const topology = JSON.parse(text) as Topology;
  const names = Object.keys(topology.objects);
  const name = objectName && names.includes(objectName) ? objectName : names.length === 1 ? names[0] : undefined;
  if (!name) throw new Error(`${file}: TopoJSON with several objects (${names.join(', ')}); none named "${objectName ?? ''}"`);
  const collection = feature(topology, topology.objects[name] as GeometryCollection) as FeatureCollection | Feature;
  const features = collection.type === 'FeatureCollection' ? collection.features : [collection];
  for (const item of features) {
    // TopoJSON keeps a feature's identifier beside its properties (us-atlas: the FIPS code).
    yield { properties: { ...(item.id !== undefined ? { id: item.id } : {}), ...item.properties }, geometry: item.geometry };
  }
}
