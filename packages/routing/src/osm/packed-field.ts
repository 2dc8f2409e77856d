import { PbfReader } from 'pbf';

/** Protobuf wire type of length-delimited fields, which packed repeated fields are. */
const LENGTH_DELIMITED = 2;

/**
 * One packed repeated varint field of a protobuf message, read a value at a time where it lies in
 * the block's bytes. `pbf`'s readPacked* build a JS array per field; a PBF block holds thousands
 * of such fields (every way's node list, every dense group's ids and coordinates), and those arrays
 * were most of what the import allocated. One PackedField is made per block and pointed at each
 * message's field in turn, so reading allocates nothing.
 */
export class PackedField {
  private readonly reader: PbfReader;
  private end = 0;

  constructor(bytes: Uint8Array) {
    this.reader = new PbfReader(bytes);
  }

  /** Points at the packed field `message` has just read the key of, and moves `message` past it. */
  take(message: PbfReader): void {
    if (message.type !== LENGTH_DELIMITED) throw new Error('Unsupported PBF: a repeated number field is not packed');
    const length = message.readVarint();
    this.reader.pos = message.pos;
    this.end = message.pos + length;
    message.pos = this.end;
  }

  /** No values: what a message without the field has. */
  clear(): void {
    this.reader.pos = 0;
    this.end = 0;
  }

  hasMore(): boolean {
    return this.reader.pos < this.end;
  }

  /** How many values are left (a varint's last byte is the one below 0x80). */
  remaining(): number {
    const bytes = this.reader.buf;
    let count = 0;
    for (let i = this.reader.pos; i < this.end; i++) if (bytes[i]! < 0x80) count++;
    return count;
  }

  uint(): number {
    return this.reader.readVarint();
  }

  /** A zigzag-encoded signed value (sint32, sint64). */
  sint(): number {
    return this.reader.readSVarint();
  }
}
