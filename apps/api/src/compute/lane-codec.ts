/**
 * How a task and its answer are written into a compute lane's shared buffer (lane-channel.ts): as
 * JSON text for the value's shape, with each typed array's bytes after it, or, for a value JSON
 * would not give back as it was, as V8's structured serialization (what postMessage clones with).
 *
 * A census figure's task is a packed area (five typed arrays) and a few strings, its answer a few
 * numbers; V8's serializer hands every typed array to a JavaScript callback and allocates a buffer
 * for the bytes each way (writing and reading a task and its answer took about 0.06 ms of a figure's
 * 0.35–0.4 ms at p50 in one-off timings of the lane). This writes the text and the arrays straight
 * into the shared buffer, and reads the arrays back into one new buffer.
 *
 * Layout (little-endian u32 words, then bytes):
 *   [format]                                         format 1: V8's serialization from byte 4
 *   [format 0][text bytes][arrays][reserved][text…]  then, from the next multiple of 8, one
 *   (type, length) pair per array, then each array's bytes, each from a multiple of 8.
 */
import v8 from 'node:v8';

const enum Format {
  Json = 0,
  Structured = 1,
}

const HEADER_BYTES = 16;
/** The key that stands for a typed array in the JSON text: {"\u0000": its index}. */
const ARRAY_KEY = '\u0000';
/** Deeper than this, a value is written the structured way (it may hold a cycle, which JSON cannot). */
const MAX_DEPTH = 64;

const TYPED_ARRAYS = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array] as const;
type TypedArray = InstanceType<(typeof TYPED_ARRAYS)[number]>;

/** Thrown while walking a value that JSON would not give back as it was. */
const NOT_JSON = new Error('not JSON');

/**
 * Writes `value` into `bytes`; returns how many bytes it took, or -1 (having written nothing of
 * use) when it does not fit.
 */
export function encodeValue(bytes: Uint8Array, value: unknown): number {
  const arrays: TypedArray[] = [];
  let text: string | undefined;
  try {
    text = JSON.stringify(jsonShape(value, arrays, 0));
  } catch (error) {
    if (error !== NOT_JSON) throw error;
  }
  return text === undefined ? encodeStructured(bytes, value) : encodeJson(bytes, text, arrays);
}

/** The value written at the start of `bytes`, `length` bytes long (a copy: the buffer is reused). */
export function decodeValue(bytes: Uint8Array, length: number): unknown {
  const words = new DataView(bytes.buffer, bytes.byteOffset, length);
  if (words.getUint32(0, true) === Format.Structured) return v8.deserialize(bytes.subarray(4, length));
  const textBytes = words.getUint32(4, true);
  const arrayCount = words.getUint32(8, true);
  const parsed: unknown = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset + HEADER_BYTES, textBytes).toString('utf8'));
  if (arrayCount === 0) return parsed;
  // The arrays' bytes (from the table's end to the value's) copied into one new buffer, each array
  // from a multiple of 8 as it was written.
  const table = align8(HEADER_BYTES + textBytes);
  const data = table + arrayCount * 8;
  const buffer = new ArrayBuffer(length - data);
  new Uint8Array(buffer).set(bytes.subarray(data, length));
  const arrays: TypedArray[] = [];
  let offset = 0;
  for (let a = 0; a < arrayCount; a += 1) {
    const type = TYPED_ARRAYS[words.getUint32(table + a * 8, true)]!;
    const count = words.getUint32(table + a * 8 + 4, true);
    arrays.push(new type(buffer, offset, count));
    offset += align8(count * type.BYTES_PER_ELEMENT);
  }
  return revived(parsed, arrays);
}

const align8 = (offset: number) => (offset + 7) & ~7;

/** The index of the value's class in TYPED_ARRAYS, -1 for anything else (a Buffer included). */
const typeCode = (value: object) => TYPED_ARRAYS.indexOf(value.constructor as (typeof TYPED_ARRAYS)[number]);

/**
 * The value with each typed array replaced by its marker (the arrays listed in `arrays`); throws
 * NOT_JSON for what JSON would change: undefined, NaN, ±Infinity, -0, holes, a key that is the
 * marker's, anything but plain objects and arrays (a Map, a Date, a Buffer, a class instance).
 */
function jsonShape(value: unknown, arrays: TypedArray[], depth: number): unknown {
  if (typeof value === 'string' || typeof value === 'boolean' || value === null) return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || Object.is(value, -0)) throw NOT_JSON;
    return value;
  }
  if (typeof value !== 'object' || depth > MAX_DEPTH) throw NOT_JSON;
  if (Array.isArray(value)) {
    const shape = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i += 1) shape[i] = jsonShape(value[i], arrays, depth + 1);
    return shape;
  }
  if (typeCode(value) >= 0) return { [ARRAY_KEY]: arrays.push(value as TypedArray) - 1 };
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) throw NOT_JSON;
  const shape: Record<string, unknown> = {};
  const fields = value as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    // "__proto__" would set the shape's prototype rather than make a field of it.
    if (key === ARRAY_KEY || key === '__proto__') throw NOT_JSON;
    shape[key] = jsonShape(fields[key], arrays, depth + 1);
  }
  return shape;
}

/** The parsed value with each marker replaced by its array. */
function revived(value: unknown, arrays: TypedArray[]): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) value[i] = revived(value[i], arrays);
    return value;
  }
  const fields = value as Record<string, unknown>;
  if (typeof fields[ARRAY_KEY] === 'number') return arrays[fields[ARRAY_KEY]];
  for (const key of Object.keys(fields)) fields[key] = revived(fields[key], arrays);
  return value;
}

const utf8 = new TextEncoder();

function encodeJson(bytes: Uint8Array, text: string, arrays: TypedArray[]): number {
  if (bytes.length < HEADER_BYTES) return -1;
  // Written where it goes, as far as it fits: all of it read, or the value does not fit.
  const { read, written: textBytes } = utf8.encodeInto(text, bytes.subarray(HEADER_BYTES));
  if (read < text.length) return -1;
  const table = align8(HEADER_BYTES + textBytes);
  let end = table + arrays.length * 8;
  for (const array of arrays) end += align8(array.byteLength);
  if (end > bytes.length) return -1;
  const words = new DataView(bytes.buffer, bytes.byteOffset, end);
  words.setUint32(0, Format.Json, true);
  words.setUint32(4, textBytes, true);
  words.setUint32(8, arrays.length, true);
  let offset = table + arrays.length * 8;
  arrays.forEach((array, a) => {
    words.setUint32(table + a * 8, typeCode(array), true);
    words.setUint32(table + a * 8 + 4, array.length, true);
    bytes.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), offset);
    offset += align8(array.byteLength);
  });
  return end;
}

function encodeStructured(bytes: Uint8Array, value: unknown): number {
  const serialized = v8.serialize(value);
  if (serialized.length + 4 > bytes.length) return -1;
  new DataView(bytes.buffer, bytes.byteOffset, 4).setUint32(0, Format.Structured, true);
  bytes.set(serialized, 4);
  return serialized.length + 4;
}
