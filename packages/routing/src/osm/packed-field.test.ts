import { PbfReader, PbfWriter } from 'pbf';
import { describe, expect, it } from 'vitest';
import { PackedField } from './packed-field.js';

/** A message with field 1 a plain varint, field 8 packed sint64 and field 9 packed uint32, as a way's id, refs and keys are. */
function message(signed: number[], unsigned: number[]): Uint8Array {
  const writer = new PbfWriter();
  writer.writeVarintField(1, 42);
  writer.writePackedSVarint(8, signed);
  writer.writePackedVarint(9, unsigned);
  writer.writeVarintField(10, 7);
  return writer.finish();
}

describe('PackedField', () => {
  it('reads a packed field’s values in place, 64-bit ids and negative deltas included, and leaves the message after it', () => {
    const signed = [8_012_345_678, -3, 0, 1, -(2 ** 40), 2 ** 52 - 1];
    const unsigned = [0, 1, 127, 128, 300_000];
    const bytes = message(signed, unsigned);
    const reader = new PbfReader(bytes);
    const refs = new PackedField(bytes);
    const keys = new PackedField(bytes);
    const others: number[] = [];
    for (let field = reader.nextField(); field !== 0; field = reader.nextField()) {
      if (field === 8) refs.take(reader);
      else if (field === 9) keys.take(reader);
      else others.push(reader.readVarint());
    }
    expect(others).toEqual([42, 7]);
    expect(refs.remaining()).toBe(signed.length);
    expect(keys.remaining()).toBe(unsigned.length);
    const readSigned: number[] = [];
    while (refs.hasMore()) readSigned.push(refs.sint());
    const readUnsigned: number[] = [];
    while (keys.hasMore()) readUnsigned.push(keys.uint());
    expect(readSigned).toEqual(signed);
    expect(readUnsigned).toEqual(unsigned);
  });

  it('has no values once cleared (a message without the field)', () => {
    const bytes = message([1, 2], [3]);
    const field = new PackedField(bytes);
    const reader = new PbfReader(bytes);
    for (let tag = reader.nextField(); tag !== 0; tag = reader.nextField()) if (tag === 8) field.take(reader);
    field.clear();
    expect(field.hasMore()).toBe(false);
    expect(field.remaining()).toBe(0);
  });

  it('refuses a repeated field written unpacked, rather than misreading it', () => {
    const writer = new PbfWriter();
    writer.writeVarintField(8, 5);
    const bytes = writer.finish();
    const reader = new PbfReader(bytes);
    expect(reader.nextField()).toBe(8);
    expect(() => new PackedField(bytes).take(reader)).toThrow(/not packed/);
  });
});
