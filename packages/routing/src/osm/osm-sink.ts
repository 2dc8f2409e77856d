/** What an OSM reader hands over: node positions and ways with their tags (node tags are not needed for routing). */
export interface OsmSink {
  node(id: number, lon: number, lat: number): void;
  way(id: number, refs: readonly number[], tags: Readonly<Record<string, string>>): void;
}

/** Called with the bytes of the input consumed so far and the total, so a caller can draw a progress bar. */
export type ReadProgress = (bytesRead: number, totalBytes: number) => void;
