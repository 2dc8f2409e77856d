import { openSync, readSync, closeSync, fstatSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { PbfReader } from 'pbf';
import { PackedField } from './packed-field.js';
import type { OsmRelationMember, OsmSink, ReadProgress } from './osm-sink.js';

/**
 * Streams an .osm.pbf file block by block (https://wiki.openstreetmap.org/wiki/PBF_Format):
 * each block is inflated, decoded with the `pbf` protobuf reader and handed to the sink, so
 * memory holds one block at a time. Only what the sink asks for is decoded: node positions and
 * ways unless it skips them; node tags, relations and the header's bounds when the sink has a
 * callback for them (the basemap does, routing does not); metadata never.
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
  /** Cursors over the packed fields of the message being read, shared by every message of the block. */
  packed: [PackedField, PackedField, PackedField, PackedField];
}

/**
 * Groups are decoded after the string table and offsets, which may come after them in the message.
 * Fields are walked with `nextField` and packed numbers read in place (PackedField): apart from what
 * the sink is given (tags, a way's node list), decoding a block allocates nothing per element.
 */
function decodePrimitiveBlock(bytes: Uint8Array, sink: OsmSink): void {
  const packed = () => new PackedField(bytes);
  const context: BlockContext = { strings: [], granularity: 100, latOffset: 0, lonOffset: 0, packed: [packed(), packed(), packed(), packed()] };
  const groups: Array<{ start: number; end: number }> = [];
  const pbf = new PbfReader(bytes);
  for (let field = pbf.nextField(); field !== 0; field = pbf.nextField()) {
    if (field === 1) context.strings = readStringTable(pbf);
    else if (field === 2) {
      const end = pbf.readVarint() + pbf.pos;
      groups.push({ start: pbf.pos, end });
      pbf.pos = end;
    } else if (field === 17) context.granularity = pbf.readVarint();
    else if (field === 19) context.latOffset = pbf.readVarint(true);
    else if (field === 20) context.lonOffset = pbf.readVarint(true);
  }
  for (const group of groups) {
    pbf.pos = group.start;
    for (let field = pbf.nextField(group.end); field !== 0; field = pbf.nextField(group.end)) {
      if (field > 4 || (field === 4 && !sink.relation) || (field <= 2 && sink.skips === 'nodes') || (field === 3 && sink.skips === 'ways')) continue;
      const end = pbf.readVarint() + pbf.pos;
      if (field === 1) decodeNode(pbf, end, context, sink);
      else if (field === 2) decodeDenseNodes(pbf, end, context, sink);
      else if (field === 3) decodeWay(pbf, end, context, sink);
      else decodeRelation(pbf, end, context, sink);
      pbf.pos = end;
    }
  }
}

function readStringTable(pbf: PbfReader): string[] {
  const strings: string[] = [];
  const end = pbf.readVarint() + pbf.pos;
  for (let field = pbf.nextField(end); field !== 0; field = pbf.nextField(end)) {
    if (field === 1) strings.push(utf8.decode(pbf.readBytes()));
  }
  return strings;
}

const utf8 = new TextDecoder();

function coordinate(raw: number, offset: number, granularity: number): number {
  return (offset + granularity * raw) / 1e9;
}

function decodeNode(pbf: PbfReader, end: number, ctx: BlockContext, sink: OsmSink): void {
  const [keys, values] = ctx.packed;
  keys.clear();
  values.clear();
  let id = 0;
  let lat = 0;
  let lon = 0;
  for (let field = pbf.nextField(end); field !== 0; field = pbf.nextField(end)) {
    if (field === 1) id = pbf.readSVarint();
    else if (field === 2 && sink.nodeTags) keys.take(pbf);
    else if (field === 3 && sink.nodeTags) values.take(pbf);
    else if (field === 8) lat = pbf.readSVarint();
    else if (field === 9) lon = pbf.readSVarint();
  }
  sink.node(id, coordinate(lon, ctx.lonOffset, ctx.granularity), coordinate(lat, ctx.latOffset, ctx.granularity));
  if (keys.hasMore()) sink.nodeTags?.(id, tagsOf(ctx, keys, values));
}

/**
 * A prototype-less object is a dictionary in V8 from the start: plain `{}` objects filled with each
 * element's own keys in its own order made a hidden class per combination, tens of thousands kept
 * alive for the whole import (about 10 MB of heap for Mannheim–Heidelberg's 37 k ways).
 */
function tagsOf(ctx: BlockContext, keys: PackedField, values: PackedField): Record<string, string> {
  const tags: Record<string, string> = Object.create(null);
  while (keys.hasMore()) tags[ctx.strings[keys.uint()]!] = ctx.strings[values.uint()]!;
  return tags;
}

function decodeDenseNodes(pbf: PbfReader, end: number, ctx: BlockContext, sink: OsmSink): void {
  const [ids, lats, lons, keysValues] = ctx.packed;
  for (const field of ctx.packed) field.clear();
  for (let field = pbf.nextField(end); field !== 0; field = pbf.nextField(end)) {
    if (field === 1) ids.take(pbf);
    else if (field === 8) lats.take(pbf);
    else if (field === 9) lons.take(pbf);
    // Every node's tags in turn: key, value, key, value…, 0 (DenseNodes.keys_vals).
    else if (field === 10 && sink.nodeTags) keysValues.take(pbf);
  }
  let id = 0;
  let lat = 0;
  let lon = 0;
  while (ids.hasMore()) {
    id += ids.sint();
    lat += lats.sint();
    lon += lons.sint();
    sink.node(id, coordinate(lon, ctx.lonOffset, ctx.granularity), coordinate(lat, ctx.latOffset, ctx.granularity));
    if (keysValues.hasMore()) {
      let tags: Record<string, string> | null = null;
      for (let key = keysValues.uint(); key !== 0; key = keysValues.hasMore() ? keysValues.uint() : 0) {
        (tags ??= {})[ctx.strings[key]!] = ctx.strings[keysValues.uint()]!;
      }
      if (tags) sink.nodeTags!(id, tags);
    }
  }
}

const MEMBER_TYPES: readonly OsmRelationMember['type'][] = ['node', 'way', 'relation'];

function decodeRelation(pbf: PbfReader, end: number, ctx: BlockContext, sink: OsmSink): void {
  const [keys, values, roles, types] = ctx.packed;
  for (const field of ctx.packed) field.clear();
  let id = 0;
  let memberIds: number[] = [];
  for (let field = pbf.nextField(end); field !== 0; field = pbf.nextField(end)) {
    if (field === 1) id = pbf.readVarint(true);
    else if (field === 2) keys.take(pbf);
    else if (field === 3) values.take(pbf);
    else if (field === 8) roles.take(pbf);
    else if (field === 9) memberIds = pbf.readPackedSVarint();
    else if (field === 10) types.take(pbf);
  }
  const members = new Array<OsmRelationMember>(memberIds.length);
  let ref = 0;
  for (let i = 0; i < memberIds.length; i++) {
    ref += memberIds[i]!;
    const type = types.hasMore() ? types.uint() : 0;
    const role = roles.hasMore() ? ctx.strings[roles.uint()] : undefined;
    members[i] = { type: MEMBER_TYPES[type] ?? 'node', ref, role: role ?? '' };
  }
  sink.relation!(id, members, tagsOf(ctx, keys, values));
}

function decodeWay(pbf: PbfReader, end: number, ctx: BlockContext, sink: OsmSink): void {
  const [keys, values, deltas] = ctx.packed;
  for (const field of ctx.packed) field.clear();
  let id = 0;
  for (let field = pbf.nextField(end); field !== 0; field = pbf.nextField(end)) {
    if (field === 1) id = pbf.readVarint(true);
    else if (field === 2) keys.take(pbf);
    else if (field === 3) values.take(pbf);
    else if (field === 8) deltas.take(pbf);
  }
  const refs = new Array<number>(deltas.remaining());
  let ref = 0;
  for (let i = 0; i < refs.length; i++) refs[i] = ref += deltas.sint();
  sink.way(id, refs, tagsOf(ctx, keys, values));
}
