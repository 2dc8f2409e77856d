import { readPbf } from './pbf-reader.js';
import { readOsmXml } from './xml-reader.js';
import type { OsmSink, ReadProgress } from './osm-sink.js';

/** Reads an OSM extract by its extension: .osm.pbf (binary), .osm or .osm.gz (XML). */
export async function readOsm(path: string, sink: OsmSink, onProgress?: ReadProgress): Promise<void> {
  if (path.endsWith('.pbf')) readPbf(path, sink, onProgress);
  else if (path.endsWith('.osm') || path.endsWith('.osm.gz')) await readOsmXml(path, sink, onProgress);
  else throw new Error(`Unsupported OSM file type: ${path} (expected .osm.pbf, .osm or .osm.gz)`);
}
