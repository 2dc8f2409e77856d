/**
 * Collects the objects of an OpenStreetMap extract that one kind of feature keeps (points of
 * interest: osm-poi-tags.ts; postal addresses: addresses/osm-address-tags.ts) as the routing
 * package's reader hands it over (it has the shape of that reader's sink: this package does not
 * depend on routing). The feature's reader of tags says which objects it keeps and what of them.
 * A tagged node is its own position; a way or a multipolygon relation is given one point inside
 * its area (point-inside.ts), or the middle vertex of an open way. Each feature is handed on as soon
 * as it is known (nodes come before the ways that use them, and ways before relations), so only
 * node positions and way node lists (way-node-lists.ts) stay in memory; the extract's country borders are kept for
 * the end (extract-borders.ts).
 */
import { NodePositions } from '../../basemap/osm/node-positions.js';
import type { OsmMember } from '../../basemap/osm/multipolygon.js';
import { assembleMultipolygon } from '../../basemap/osm/multipolygon.js';
import type { Position } from '../../basemap/osm/ring-geometry.js';
import { ExtractBorderCollector, type CountryBorder } from './extract-borders.js';
import type { OsmTags } from './osm-poi-tags.js';
import { pointInsidePolygons } from './point-inside.js';
import { WayNodeLists } from './way-node-lists.js';

export interface OsmFeatureCandidate<F> {
  /** `n123`, `w45`, `r6`. */
  ref: string;
  position: Position;
  fields: F;
}

/** What a kind of feature makes of an object's tags; null: not one of its features. */
export type OsmFieldsReader<F> = (tags: OsmTags) => F | null;

export class OsmFeatureCollector<F> {
  private readonly nodes = new NodePositions();
  private lastNode: Position = [0, 0];
  private readonly wayRefs = new WayNodeLists();
  private readonly borderRelations = new ExtractBorderCollector();
  /** Multipolygons whose ways the extract lacks, so they have no area to place. */
  incompleteAreas = 0;

  constructor(private readonly fieldsOf: OsmFieldsReader<F>, private readonly emit: (candidate: OsmFeatureCandidate<F>) => void) {}

  node(id: number, lon: number, lat: number): void {
    this.nodes.add(id, lon, lat);
    this.lastNode = [lon, lat];
  }

  nodeTags(id: number, tags: OsmTags): void {
    const fields = this.fieldsOf(tags);
    if (fields) this.emit({ ref: `n${id}`, position: [...this.lastNode], fields });
  }

  way(id: number, refs: readonly number[], tags: OsmTags): void {
    // Relations come after ways: every way is kept by id for the multipolygons and borders that name it.
    this.wayRefs.add(id, refs);
    const fields = this.fieldsOf(tags);
    if (!fields) return;
    const line = this.nodes.line(refs);
    if (line.length === 0) return;
    const closed = refs.length >= 4 && refs[0] === refs.at(-1);
    const position = closed ? pointInsidePolygons([[line]]) : line[Math.floor((line.length - 1) / 2)]!;
    if (position) this.emit({ ref: `w${id}`, position, fields });
  }

  relation(id: number, members: readonly OsmMember[], tags: OsmTags): void {
    this.borderRelations.relation(members, tags);
    if (tags.type !== 'multipolygon') return;
    const fields = this.fieldsOf(tags);
    if (!fields) return;
    const polygons = assembleMultipolygon(members, (way) => this.wayRefs.get(way), (refs) => this.nodes.line(refs));
    const position = polygons.length > 0 ? pointInsidePolygons(polygons) : null;
    if (position) this.emit({ ref: `r${id}`, position, fields });
    else this.incompleteAreas += 1;
  }

  /** The country borders the extract holds whole (or nearly), once every element has been read. */
  borders(): CountryBorder[] {
    return this.borderRelations.borders((way) => this.wayRefs.get(way), (refs) => this.nodes.line(refs));
  }
}
