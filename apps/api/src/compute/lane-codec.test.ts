import v8 from 'node:v8';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { circlePolygon } from '@catchment/domain';
import { decodeValue, encodeValue } from './lane-codec.js';
import { packGeometries } from './packed-geometry.js';

const shared = (bytes: number) => new Uint8Array(new SharedArrayBuffer(bytes));

function roundTrip(value: unknown, bytes = shared(1 << 20)): unknown {
  const length = encodeValue(bytes, value);
  expect(length).toBeGreaterThan(0);
  // What is left in the buffer past the value is not read.
  bytes.fill(0xee, length);
  return decodeValue(bytes, length);
}

describe('the lane codec', () => {
  it('gives back a census task as it was: the packed area\'s typed arrays with their types and contents', () => {
    const task = {
      name: 'censusFigures',
      area: packGeometries([circlePolygon([7.75, 48.57], 9_000), { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] }]),
      request: { version: 12, kinds: ['fr_iris', 'fr_cities'], keys: ['population', 'csp_1'], nationalData: ['fr|population'] },
    };
    const back = roundTrip(task) as typeof task;
    expect(back).toStrictEqual(task);
    expect(back.area.coordinates).toBeInstanceOf(Float64Array);
    expect(back.area.multi).toBeInstanceOf(Uint8Array);
    // Copies, not views of the shared buffer the next task overwrites.
    expect(back.area.coordinates.buffer).toBeInstanceOf(ArrayBuffer);
  });

  it('writes a view of a larger array as its own elements only', () => {
    const whole = Float64Array.from({ length: 100 }, (_, i) => i);
    const back = roundTrip({ part: whole.subarray(10, 13), bytes: new Uint8Array([1, 2, 3]) }) as { part: Float64Array; bytes: Uint8Array };
    expect([...back.part]).toEqual([10, 11, 12]);
    expect([...back.bytes]).toEqual([1, 2, 3]);
  });

  /** What a value became when the lane wrote it with V8's serializer alone (a Buffer stays a Buffer). */
  const serialized = (value: unknown) => v8.deserialize(v8.serialize(value));

  it('gives back what JSON would change as V8\'s serializer does: undefined, NaN, -0, Maps, Dates, Buffers, cycles, the marker\'s key', () => {
    const cycle: Record<string, unknown> = { name: 'loop' };
    cycle.self = cycle;
    const values: unknown[] = [
      { a: undefined, b: 1 }, [1, undefined, 3], Number.NaN, -0, Number.POSITIVE_INFINITY, [1, , 3], // eslint-disable-line no-sparse-arrays
      new Map([['a', 1]]), new Set([1, 2]), new Date(0), Buffer.from('abc'), new Error('boom'), cycle, { '\u0000': 3, x: 'y' }, 10n,
    ];
    for (const value of values) expect(roundTrip(value)).toStrictEqual(serialized(value));
  });

  it('gives back any value as V8\'s serializer does', () => {
    fc.assert(fc.property(fc.anything({ withTypedArray: true, withMap: true, withSet: true, withDate: true, withBigInt: true, withSparseArray: true }), (value) => {
      expect(roundTrip(value)).toStrictEqual(serialized(value));
    }), { numRuns: 300 });
  });

  it('says when a value does not fit the buffer, in either form', () => {
    expect(encodeValue(shared(64), { text: 'x'.repeat(100) })).toBe(-1);
    expect(encodeValue(shared(64), { values: new Float64Array(20) })).toBe(-1);
    expect(encodeValue(shared(64), new Map([['x'.repeat(100), 1]]))).toBe(-1);
    expect(encodeValue(shared(128), { text: 'fits', values: new Float64Array(2) })).toBeGreaterThan(0);
  });

  it('keeps text in any script, and any key', () => {
    expect(roundTrip({ name: 'Zone créée — 東京 🚗' })).toEqual({ name: 'Zone créée — 東京 🚗' });
    const odd = JSON.parse('{"__proto__": {"x": 1}, "constructor": 2}') as unknown;
    expect(roundTrip(odd)).toStrictEqual(serialized(odd));
    expect(Object.keys(roundTrip(odd) as object)).toEqual(['__proto__', 'constructor']);
  });
});
