/**
 * What an OSM reader hands over. Routing needs node positions and ways with their tags; the basemap
 * also needs node tags (places), relations (multipolygons, boundaries) and the extract's bounds.
 * The optional callbacks are decoded only when the sink has them, so the routing import pays
 * nothing for what it does not read. Tags objects may have no prototype (the PBF reader's do not).
 */
export interface OsmSink {
  node(id: number, lon: number, lat: number): void;
  way(id: number, refs: readonly number[], tags: Readonly<Record<string, string>>): void;
  /** A node that carries tags, called after its `node()`. */
  nodeTags?(id: number, tags: Readonly<Record<string, string>>): void;
  relation?(id: number, members: readonly OsmRelationMember[], tags: Readonly<Record<string, string>>): void;
  /** The area the extract was cut to, from the file's header, before any element. */
  bounds?(bounds: OsmBounds): void;
  /**
   * Elements the sink has no use for, which the PBF reader then does not decode (the XML reader
   * still hands them over): the graph builder reads the ways alone, then the nodes alone.
   */
  readonly skips?: 'nodes' | 'ways';
}

export interface OsmRelationMember {
  type: 'node' | 'way' | 'relation';
  ref: number;
  role: string;
}

/** West, south, east, north in degrees. */
export type OsmBounds = [number, number, number, number];

/** Called with the bytes of the input consumed so far and the total, so a caller can draw a progress bar. */
export type ReadProgress = (bytesRead: number, totalBytes: number) => void;
