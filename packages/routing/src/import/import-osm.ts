import { basename } from 'node:path';
import { readOsm } from '../osm/read-osm.js';
import { GraphBuilder } from '../graph/graph-builder.js';
import { writeGraph } from '../graph/graph-file.js';

export interface ImportProgress {
  phase: 'read' | 'build' | 'write';
  /** 0..1 within the read phase (bytes of the input consumed, over the two passes). */
  fraction: number;
}

export interface ImportSummary {
  source: string;
  outputPath: string;
  ways: number;
  nodes: number;
  edges: number;
  segments: number;
  bytes: number;
  bytesPerEdge: number;
  milliseconds: number;
}

/** Imports an OSM extract (.osm.pbf, .osm, .osm.gz) into a graph file and says what it built. */
export async function importOsm(
  inputPath: string,
  outputPath: string,
  options: { onProgress?: (progress: ImportProgress) => void } = {},
): Promise<ImportSummary> {
  const started = performance.now();
  const { onProgress } = options;
  const builder = new GraphBuilder();
  const readProgress = (pass: number) => (read: number, total: number) =>
    onProgress?.({ phase: 'read', fraction: (pass + (total ? read / total : 1)) / 2 });
  // Two passes (GraphBuilder): the routable ways, then the positions of the nodes they use.
  await readOsm(inputPath, builder.ways, readProgress(0));
  await readOsm(inputPath, builder.nodes, readProgress(1));
  onProgress?.({ phase: 'build', fraction: 1 });
  const graph = builder.build(basename(inputPath));
  onProgress?.({ phase: 'write', fraction: 1 });
  const bytes = writeGraph(graph, outputPath);
  const { nodeCount, edgeCount, segmentCount } = graph.header;
  return {
    source: graph.header.source,
    outputPath,
    ways: builder.routableWays,
    nodes: nodeCount,
    edges: edgeCount,
    segments: segmentCount,
    bytes,
    bytesPerEdge: edgeCount ? bytes / edgeCount : 0,
    milliseconds: performance.now() - started,
  };
}

/** A one-line text progress bar for terminals, e.g. `[#########.........]  45% read`. */
export function progressBar(progress: { phase: string; fraction: number }, width = 30): string {
  const filled = Math.round(progress.fraction * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(Math.round(progress.fraction * 100)).padStart(3)}% ${progress.phase}`;
}

/** The summary printed after an import. */
export function formatImportSummary(summary: ImportSummary): string {
  return [
    `Imported ${summary.source} → ${summary.outputPath}`,
    `  routable ways ${summary.ways.toLocaleString('en')}, nodes ${summary.nodes.toLocaleString('en')}, ` +
      `edges ${summary.edges.toLocaleString('en')}`,
    `  ${(summary.milliseconds / 1000).toFixed(2)} s, ${(summary.bytes / 1e6).toFixed(1)} MB, ` +
      `${summary.bytesPerEdge.toFixed(1)} bytes per edge`,
  ].join('\n');
}
