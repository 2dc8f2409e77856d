import { createReadStream, statSync } from 'node:fs';
import { createGunzip } from 'node:zlib';
import type { OsmRelationMember, OsmSink, ReadProgress } from './osm-sink.js';

/**
 * Streams OSM XML (.osm, or gzip-compressed .osm.gz). OSM XML is a flat, regular format
 * (bounds, node and way with their tag children, relation with member children), so a small
 * element scanner is enough and keeps the reader dependency-free. Node tags, relations and bounds
 * are handed over only to a sink that reads them, as the PBF reader does.
 */
export async function readOsmXml(path: string, sink: OsmSink, onProgress?: ReadProgress): Promise<void> {
  const totalBytes = statSync(path).size;
  const file = createReadStream(path);
  let bytesRead = 0;
  file.on('data', (chunk) => {
    bytesRead += chunk.length;
  });
  const text = path.endsWith('.gz') ? file.pipe(createGunzip()) : file;
  text.setEncoding('utf8');
  const scanner = new OsmXmlScanner(sink);
  let pending = '';
  for await (const chunk of text as AsyncIterable<string>) {
    pending = scanner.scan(pending + chunk);
    onProgress?.(bytesRead, totalBytes);
  }
  onProgress?.(totalBytes, totalBytes);
}

const ELEMENT = /<(\/?)(bounds|node|way|nd|tag|relation|member)\b([^>]*)>/g;
const ATTRIBUTE = /([\w:]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

class OsmXmlScanner {
  private way: { id: number; refs: number[]; tags: Record<string, string> } | null = null;
  private node: { id: number; tags: Record<string, string> } | null = null;
  private relation: { id: number; members: OsmRelationMember[]; tags: Record<string, string> } | null = null;
  private inRelation = false;

  constructor(private readonly sink: OsmSink) {}

  /** Handles every complete element in `text` and returns the unfinished tail to prepend to the next chunk. */
  scan(text: string): string {
    ELEMENT.lastIndex = 0;
    let consumed = 0;
    let match: RegExpExecArray | null;
    while ((match = ELEMENT.exec(text))) {
      consumed = ELEMENT.lastIndex;
      this.element(match[1] === '/', match[2]!, match[3]!);
    }
    const tail = text.slice(consumed);
    const open = tail.lastIndexOf('<');
    return open === -1 ? '' : tail.slice(open);
  }

  private element(closing: boolean, name: string, body: string): void {
    const selfClosing = body.endsWith('/');
    if (name === 'relation' && !closing) {
      this.inRelation = !selfClosing;
      if (this.sink.relation) this.relation = { id: Number(parseAttributes(body).id), members: [], tags: {} };
      if (!selfClosing) return;
    }
    if (closing || selfClosing) this.close(name);
    if (closing) return;
    const attributes = parseAttributes(body);
    if (name === 'bounds') {
      this.sink.bounds?.([Number(attributes.minlon), Number(attributes.minlat), Number(attributes.maxlon), Number(attributes.maxlat)]);
    } else if (name === 'node') {
      this.sink.node(Number(attributes.id), Number(attributes.lon), Number(attributes.lat));
      if (!selfClosing && this.sink.nodeTags) this.node = { id: Number(attributes.id), tags: {} };
    } else if (name === 'member' && this.relation) {
      const type = attributes.type as OsmRelationMember['type'];
      this.relation.members.push({ type, ref: Number(attributes.ref), role: attributes.role ?? '' });
    } else if (name === 'tag' && attributes.k !== undefined) {
      const owner = this.inRelation ? this.relation : this.way ?? this.node;
      if (owner) owner.tags[attributes.k] = attributes.v ?? '';
    } else if (name === 'way') {
      this.way = { id: Number(attributes.id), refs: [], tags: {} };
      if (selfClosing) this.close('way');
    } else if (name === 'nd' && this.way) {
      this.way.refs.push(Number(attributes.ref));
    }
  }

  /** The end of an element: a way, a tagged node or a relation is complete. */
  private close(name: string): void {
    if (name === 'way' && this.way) {
      this.sink.way(this.way.id, this.way.refs, this.way.tags);
      this.way = null;
    } else if (name === 'node' && this.node) {
      if (Object.keys(this.node.tags).length > 0) this.sink.nodeTags?.(this.node.id, this.node.tags);
      this.node = null;
    } else if (name === 'relation') {
      this.inRelation = false;
      if (this.relation) this.sink.relation?.(this.relation.id, this.relation.members, this.relation.tags);
      this.relation = null;
    }
  }
}

function parseAttributes(body: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  ATTRIBUTE.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = ATTRIBUTE.exec(body))) attributes[match[1]!] = decodeEntities(match[2] ?? match[3] ?? '');
  return attributes;
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(parseInt(entity.slice(1), 10));
    return NAMED_ENTITIES[entity] ?? whole;
  });
}
