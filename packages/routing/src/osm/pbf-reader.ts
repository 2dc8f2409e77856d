import { openSync, readSync, closeSync, fstatSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { PbfReader } from 'pbf';
import type { OsmRelationMember, OsmSink, ReadProgress } from './osm-sink.js';

/**
 * Streams an .osm.pbf file block by block (https://wiki.openstreetmap.org/wiki/PBF_Format):
 * each block is inflated, decoded with the `pbf` protobuf reader and handed to the sink, so
 * memory holds one block at a time. Only what the sink asks for is decoded: node positions and
 * ways always; node tags, relations and the header's bounds when the sink has a callback for them
 * (the basemap does, routing does not); metadata never.
 */
export function readPbf(path: string, sink: OsmSink, onProgress?: ReadProgress): void {
  const fd = openSync(path, 'r');
  try {
    const totalBytes = fstatSync(fd).size;
    let position = 0;
    const lengthBuffer = Buffer.alloc(4);
    while (position < totalBytes) {
      readExactly(fd, lengthBuffer, position);
      const headerLength = lengthBuffer.readUInt32BE(0);
      position += 4;
      const header = readBlobHeader(readBytes(fd, headerLength, position));
      position += headerLength;
      const blob = readBytes(fd, header.dataSize, position);
      position += header.dataSize;
      if (header.type === 'OSMData') decodePrimitiveBlock(inflateBlob(blob), sink);
      else if (header.type === 'OSMHeader' && sink.bounds) decodeHeaderBounds(inflateBlob(blob), sink);
      onProgress?.(position, totalBytes);
    }
  } finally {
    closeSync(fd);
  }
}

function readExactly(fd: number, buffer: Buffer, position: number): void {
  let done = 0;
  while (done < buffer.length) {
    const n = readSync(fd, buffer, done, buffer.length - done, position + done);
    if (n === 0) throw new Error('Truncated PBF file');
    done += n;
  }
}

function readBytes(fd: number, length: number, position: number): Buffer {
  const buffer = Buffer.allocUnsafe(length);
  readExactly(fd, buffer, position);
  return buffer;
}

function readBlobHeader(bytes: Uint8Array): { type: string; dataSize: number } {
  const header = { type: '', dataSize: 0 };
  new PbfReader(bytes).readFields((tag, result, pbf) => {
    if (tag === 1) result.type = pbf.readString();
    else if (tag === 3) result.dataSize = pbf.readVarint();
  }, header);
  return header;
}

function inflateBlob(bytes: Uint8Array): Uint8Array {
  const blob: { raw?: Uint8Array; zlib?: Uint8Array; unsupported?: boolean } = {};
  new PbfReader(bytes).readFields((tag, result, pbf) => {
    if (tag === 1) result.raw = pbf.readBytes();
    else if (tag === 3) result.zlib = pbf.readBytes();
    else if (tag === 4 || tag === 6 || tag === 7) result.unsupported = true;
  }, blob);
  if (blob.raw) return blob.raw;
  if (blob.zlib) return inflateSync(blob.zlib);
  throw new Error('Unsupported PBF blob compression (only raw and zlib are read)');
}

/** HeaderBlock.bbox (field 1): left, right, top, bottom in nanodegrees. */
function decodeHeaderBounds(bytes: Uint8Array, sink: OsmSink): void {
  const pbf = new PbfReader(bytes);
  pbf.readFields((tag, _unused, reader) => {
    if (tag !== 1) return;
    const box = { left: 0, right: 0, top: 0, bottom: 0 };
    const end = reader.readVarint() + reader.pos;
    reader.readFields((field, b, r) => {
      if (field === 1) b.left = r.readSVarint();
      else if (field === 2) b.right = r.readSVarint();
      else if (field === 3) b.top = r.readSVarint();
      else if (field === 4) b.bottom = r.readSVarint();
    }, box, end);
    reader.pos = end;
    sink.bounds!([box.left / 1e9, box.bottom / 1e9, box.right / 1e9, box.top / 1e9]);
  }, null);
}

interface BlockContext {
  strings: string[];
  granularity: number;
  latOffset: number;
  lonOffset: number;
}

/** Groups are decoded after the string table and offsets, which may come after them in the message. */
function decodePrimitiveBlock(bytes: Uint8Array, sink: OsmSink): void {
  const context: BlockContext = { strings: [], granularity: 100, latOffset: 0, lonOffset: 0 };
  const groups: Array<{ start: number; end: number }> = [];
  const pbf = new PbfReader(bytes);
  pbf.readFields((tag, ctx, reader) => {
    if (tag === 1) ctx.strings = readStringTable(reader);
    else if (tag === 2) {
      const end = reader.readVarint() + reader.pos;
      groups.push({ start: reader.pos, end });
      reader.pos = end;
    } else if (tag === 17) ctx.granularity = reader.readVarint();
    else if (tag === 19) ctx.latOffset = reader.readVarint(true);
    else if (tag === 20) ctx.lonOffset = reader.readVarint(true);
  }, context);
  for (const group of groups) {
    pbf.pos = group.start;
    pbf.readFields((tag, _unused, reader) => {
      if (tag === 1) decodeMessage(reader, (r, end) => decodeNode(r, end, context, sink));
      else if (tag === 2) decodeMessage(reader, (r, end) => decodeDenseNodes(r, end, context, sink));
      else if (tag === 3) decodeMessage(reader, (r, end) => decodeWay(r, end, context, sink));
      else if (tag === 4 && sink.relation) decodeMessage(reader, (r, end) => decodeRelation(r, end, context, sink));
    }, null, group.end);
  }
}

function readStringTable(pbf: PbfReader): string[] {
  const strings: string[] = [];
  const end = pbf.readVarint() + pbf.pos;
  const decoder = new TextDecoder();
  while (pbf.pos < end) {
    const val = pbf.readVarint();
    const type = val & 7;
    if (val >> 3 === 1) strings.push(decoder.decode(pbf.readBytes()));
    else pbf.skip(type);
  }
  return strings;
}

function decodeMessage(pbf: PbfReader, decode: (reader: PbfReader, end: number) => void): void {
  const end = pbf.readVarint() + pbf.pos;
  decode(pbf, end);
  pbf.pos = end;
}

function coordinate(raw: number, offset: number, granularity: number): number {
  return (offset + granularity * raw) / 1e9;
}

function decodeNode(pbf: PbfReader, end: number, ctx: BlockContext, sink: OsmSink): void {
  const node = { id: 0, lat: 0, lon: 0, keys: [] as number[], values: [] as number[] };
  pbf.readFields((tag, n, reader) => {
    if (tag === 1) n.id = reader.readSVarint();
    else if (tag === 2 && sink.nodeTags) n.keys = reader.readPackedVarint();
    else if (tag === 3 && sink.nodeTags) n.values = reader.readPackedVarint();
    else if (tag === 8) n.lat = reader.readSVarint();
    else if (tag === 9) n.lon = reader.readSVarint();
  }, node, end);
  sink.node(node.id, coordinate(node.lon, ctx.lonOffset, ctx.granularity), coordinate(node.lat, ctx.latOffset, ctx.granularity));
  if (node.keys.length > 0) sink.nodeTags?.(node.id, tagsOf(ctx, node.keys, node.values));
}

function tagsOf(ctx: BlockContext, keys: readonly number[], values: readonly number[]): Record<string, string> {
  const tags: Record<string, string> = {};
  for (let i = 0; i < keys.length; i++) tags[ctx.strings[keys[i]!]!] = ctx.strings[values[i]!]!;
  return tags;
}

function decodeDenseNodes(pbf: PbfReader, end: number, ctx: BlockContext, sink: OsmSink): void {
  let ids: number[] = [];
  let lats: number[] = [];
  let lons: number[] = [];
  // Every node's tags in turn: key, value, key, value…, 0 (DenseNodes.keys_vals).
  let keysValues: number[] = [];
  pbf.readFields((tag, _unused, reader) => {
    if (tag === 1) ids = reader.readPackedSVarint();
    else if (tag === 8) lats = reader.readPackedSVarint();
    else if (tag === 9) lons = reader.readPackedSVarint();
    else if (tag === 10 && sink.nodeTags) keysValues = reader.readPackedVarint();
  }, null, end);
  let id = 0;
  let lat = 0;
  let lon = 0;
  let k = 0;
  for (let i = 0; i < ids.length; i++) {
    id += ids[i]!;
    lat += lats[i]!;
    lon += lons[i]!;
    sink.node(id, coordinate(lon, ctx.lonOffset, ctx.granularity), coordinate(lat, ctx.latOffset, ctx.granularity));
    if (k < keysValues.length) {
      let tags: Record<string, string> | null = null;
      for (; keysValues[k] !== 0 && k < keysValues.length; k += 2) {
        (tags ??= {})[ctx.strings[keysValues[k]!]!] = ctx.strings[keysValues[k + 1]!]!;
      }
      k++;
      if (tags) sink.nodeTags!(id, tags);
    }
  }
}

const MEMBER_TYPES: readonly OsmRelationMember['type'][] = ['node', 'way', 'relation'];

function decodeRelation(pbf: PbfReader, end: number, ctx: BlockContext, sink: OsmSink): void {
  let id = 0;
  let keys: number[] = [];
  let values: number[] = [];
  let roles: number[] = [];
  let memberIds: number[] = [];
  let types: number[] = [];
  pbf.readFields((tag, _unused, reader) => {
    if (tag === 1) id = reader.readVarint(true);
    else if (tag === 2) keys = reader.readPackedVarint();
    else if (tag === 3) values = reader.readPackedVarint();
    else if (tag === 8) roles = reader.readPackedVarint();
    else if (tag === 9) memberIds = reader.readPackedSVarint();
    else if (tag === 10) types = reader.readPackedVarint();
  }, null, end);
  const members = new Array<OsmRelationMember>(memberIds.length);
  let ref = 0;
  for (let i = 0; i < memberIds.length; i++) {
    ref += memberIds[i]!;
    members[i] = { type: MEMBER_TYPES[types[i] ?? 0] ?? 'node', ref, role: ctx.strings[roles[i]!] ?? '' };
  }
  sink.relation!(id, members, tagsOf(ctx, keys, values));
}

function decodeWay(pbf: PbfReader, end: number, ctx: BlockContext, sink: OsmSink): void {
  let id = 0;
  let keys: number[] = [];
  let values: number[] = [];
  let deltas: number[] = [];
  pbf.readFields((tag, _unused, reader) => {
    if (tag === 1) id = reader.readVarint(true);
    else if (tag === 2) keys = reader.readPackedVarint();
    else if (tag === 3) values = reader.readPackedVarint();
    else if (tag === 8) deltas = reader.readPackedSVarint();
  }, null, end);
  const refs = new Array<number>(deltas.length);
  let ref = 0;
  for (let i = 0; i < deltas.length; i++) refs[i] = ref += deltas[i]!;
  sink.way(id, refs, tagsOf(ctx, keys, values));
}
