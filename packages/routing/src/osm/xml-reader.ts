import { createReadStream, statSync } from 'node:fs';
import { createGunzip } from 'node:zlib';
import type { OsmSink, ReadProgress } from './osm-sink.js';

/**
 * Streams OSM XML (.osm, or gzip-compressed .osm.gz). OSM XML is a flat, regular format
 * (node, way with nd and tag children, relation), so a small element scanner is enough and keeps
 * the reader dependency-free; relations are ignored.
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

const ELEMENT = /<(\/?)(node|way|nd|tag|relation)\b([^>]*)>/g;
const ATTRIBUTE = /([\w:]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

class OsmXmlScanner {
  private way: { id: number; refs: number[]; tags: Record<string, string> } | null = null;
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
    if (name === 'relation') {
      this.inRelation = !closing && !selfClosing;
      return;
    }
    if (closing) {
      if (name === 'way' && this.way) {
        this.sink.way(this.way.id, this.way.refs, this.way.tags);
        this.way = null;
      }
      return;
    }
    const attributes = parseAttributes(body);
    if (name === 'node') {
      this.sink.node(Number(attributes.id), Number(attributes.lon), Number(attributes.lat));
    } else if (name === 'way') {
      this.way = { id: Number(attributes.id), refs: [], tags: {} };
      if (selfClosing) this.element(true, 'way', '');
    } else if (name === 'nd' && this.way) {
      this.way.refs.push(Number(attributes.ref));
    } else if (name === 'tag' && this.way && !this.inRelation && attributes.k !== undefined) {
      this.way.tags[attributes.k] = attributes.v ?? '';
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
