import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OsmBounds, OsmRelationMember } from './osm-sink.js';
import { readOsm } from './read-osm.js';

/** A sink that keeps what the basemap asks the readers for. */
function recordingSink() {
  const recorded = {
    nodes: 0,
    tagged: new Map<number, Record<string, string>>(),
    ways: 0,
    relations: [] as Array<{ id: number; members: readonly OsmRelationMember[]; tags: Record<string, string> }>,
    bounds: undefined as OsmBounds | undefined,
  };
  return {
    recorded,
    sink: {
      node() { recorded.nodes++; },
      nodeTags(id: number, tags: Readonly<Record<string, string>>) { recorded.tagged.set(id, { ...tags }); },
      way() { recorded.ways++; },
      relation(id: number, members: readonly OsmRelationMember[], tags: Readonly<Record<string, string>>) { recorded.relations.push({ id, members, tags: { ...tags } }); },
      bounds(bounds: OsmBounds) { recorded.bounds = bounds; },
    },
  };
}

describe('readOsm, for a sink that reads node tags, relations and bounds', () => {
  it('hands over the PBF extract’s tagged nodes and relations with their members', async () => {
    const { recorded, sink } = recordingSink();
    await readOsm('test-data/osm/monaco.osm.pbf', sink);
    const places = [...recorded.tagged.values()].filter((tags) => tags.place);
    expect(places.map((tags) => tags.name)).toContain('Monaco');
    const country = recorded.relations.find((relation) => relation.tags.boundary === 'administrative' && relation.tags.admin_level === '2' && relation.tags.name === 'Monaco');
    expect(country).toBeDefined();
    expect(country!.members.some((member) => member.type === 'way' && member.role === 'outer')).toBe(true);
    expect(recorded.relations.some((relation) => relation.tags.type === 'multipolygon')).toBe(true);
  });

  it('reads the header’s bounding box', async () => {
    const { recorded, sink } = recordingSink();
    await readOsm('test-data/osm/rnv-mannheim-heidelberg.osm.pbf', sink);
    const [west, south, east, north] = recorded.bounds!;
    expect(west).toBeCloseTo(8.5515, 3);
    expect(south).toBeCloseTo(49.3171, 3);
    expect(east).toBeCloseTo(8.8275, 3);
    expect(north).toBeCloseTo(49.4815, 3);
  });

  it('gives the same from OSM XML', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'osm-xml-')), 'small.osm');
    writeFileSync(file, `<?xml version="1.0"?>
<osm version="0.6">
  <bounds minlat="43.72" minlon="7.40" maxlat="43.75" maxlon="7.44"/>
  <node id="1" lat="43.73" lon="7.41"/>
  <node id="2" lat="43.74" lon="7.42"><tag k="place" v="town"/><tag k="name" v="Monaco &amp; Co"/></node>
  <way id="10"><nd ref="1"/><nd ref="2"/><tag k="highway" v="residential"/></way>
  <relation id="20"><member type="way" ref="10" role="outer"/><member type="node" ref="2" role="label"/><tag k="type" v="boundary"/></relation>
</osm>`);
    const { recorded, sink } = recordingSink();
    await readOsm(file, sink);
    expect(recorded.bounds).toEqual([7.40, 43.72, 7.44, 43.75]);
    expect(recorded.nodes).toBe(2);
    expect(recorded.ways).toBe(1);
    expect(recorded.tagged.get(2)).toEqual({ place: 'town', name: 'Monaco & Co' });
    expect(recorded.relations).toEqual([{
      id: 20, tags: { type: 'boundary' },
      members: [{ type: 'way', ref: 10, role: 'outer' }, { type: 'node', ref: 2, role: 'label' }],
    }]);
  });
});
