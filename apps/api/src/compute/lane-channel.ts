/**
 * The shared memory between the API's event loop and one compute lane thread (compute-lane.ts):
 * four control words and a buffer of bytes. A task and its answer are written into the buffer
 * (lane-codec.ts), and each side wakes the other with Atomics.notify on a control word: no
 * MessagePort, no event to dispatch, a tenth of a millisecond less each way than a piscina task
 * (bench/README.md), which is most of what a figure costs once its units are cached.
 *
 * One task at a time: the event loop writes the task and its length, then bumps REQUEST; the thread
 * writes the answer, its length and status, then sets ANSWER to the request's number.
 */
import { decodeValue, encodeValue } from './lane-codec.js';

/** Control words (Int32 indexes). */
export const REQUEST = 0;
export const ANSWER = 1;
/** Bytes of the task (written by the event loop) or of the answer (written by the thread). */
export const LENGTH = 2;
export const STATUS = 3;

export const enum AnswerStatus {
  Done = 0,
  /** The task threw: the bytes are `{ message }`. */
  Failed = 1,
  /** The answer did not fit in the buffer: the task is to be run another way. */
  TooLarge = 2,
}

export interface LaneChannel {
  control: Int32Array;
  bytes: Uint8Array;
}

export function newLaneChannel(byteLength: number): LaneChannel {
  return { control: new Int32Array(new SharedArrayBuffer(16)), bytes: new Uint8Array(new SharedArrayBuffer(byteLength)) };
}

/** The channel over buffers another thread created (what a thread gets in its workerData). */
export const laneChannelOver = ({ control, bytes }: { control: SharedArrayBuffer; bytes: SharedArrayBuffer }): LaneChannel => ({
  control: new Int32Array(control),
  bytes: new Uint8Array(bytes),
});

export const channelBuffers = ({ control, bytes }: LaneChannel) => ({ control: control.buffer as SharedArrayBuffer, bytes: bytes.buffer as SharedArrayBuffer });

/** Writes `value` into the buffer, or returns false (and writes nothing) when it does not fit. */
export function writeValue(channel: LaneChannel, value: unknown): boolean {
  const length = encodeValue(channel.bytes, value);
  if (length < 0) return false;
  Atomics.store(channel.control, LENGTH, length);
  return true;
}

/** The value last written into the buffer (a copy: the buffer is reused by the next task). */
export function readValue(channel: LaneChannel): unknown {
  return decodeValue(channel.bytes, Atomics.load(channel.control, LENGTH));
}

/**
 * Resolves with control word `index`'s value once it is no longer `value`, or with undefined when
 * `stop()` turns true (whoever makes it true notifies the word to wake the waiter). Waits with
 * Atomics.waitAsync: the waiting thread keeps running its event loop (the compute thread's
 * database connections; the API's other requests).
 */
export async function waitWhile(control: Int32Array, index: number, value: number, stop: () => boolean = () => false): Promise<number | undefined> {
  for (;;) {
    const current = Atomics.load(control, index);
    if (current !== value) return current;
    if (stop()) return undefined;
    const waiting = Atomics.waitAsync(control, index, value);
    if (waiting.async) await waiting.value;
  }
}
