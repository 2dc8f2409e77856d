/**
 * A compute lane thread (compute-lane.ts): runs the compute tasks the lane hands it through shared
 * memory (lane-channel.ts), one at a time, with the same task runner and the same per-thread caches
 * as the pool's threads (compute-tasks.ts). Between tasks it waits with Atomics.waitAsync, so its
 * event loop runs: its database connections stay served.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { runComputeTask, type ComputeTask, type ComputeWorkerData } from './compute-tasks.js';
import { AnswerStatus, ANSWER, laneChannelOver, readValue, REQUEST, STATUS, waitWhile, writeValue } from './lane-channel.js';

export interface LaneWorkerData extends ComputeWorkerData {
  lane: { control: SharedArrayBuffer; bytes: SharedArrayBuffer };
}

const channel = laneChannelOver((workerData as LaneWorkerData).lane);
// Atomics.waitAsync alone does not keep a thread alive: its port does, until the lane stops it.
parentPort!.on('message', () => {});

async function serve(): Promise<never> {
  let seen = 0;
  for (;;) {
    seen = (await waitWhile(channel.control, REQUEST, seen))!;
    let status: AnswerStatus;
    try {
      const result = await runComputeTask(readValue(channel) as ComputeTask);
      status = writeValue(channel, result) ? AnswerStatus.Done : AnswerStatus.TooLarge;
    } catch (error) {
      // As piscina does for its threads: the message crosses, the class does not.
      writeValue(channel, { message: error instanceof Error ? error.message : String(error) });
      status = AnswerStatus.Failed;
    }
    Atomics.store(channel.control, STATUS, status);
    Atomics.store(channel.control, ANSWER, seen);
    Atomics.notify(channel.control, ANSWER);
  }
}

void serve();
