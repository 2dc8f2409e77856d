import { parentPort, workerData } from 'node:worker_threads';
import { graphFromBuffer } from '../graph/graph-file.js';
import type { RoutingGraph } from '../graph/routing-graph.js';
import { computeIsochrones, SearchWorkspace } from '../query/compute-isochrones.js';
import { isRoutingError } from '../errors.js';
import type { WorkerData, WorkerReply, WorkerTask } from './protocol.js';

/** One worker: views over the shared graphs (no copy), its own search scratch memory per graph. */
const { graphs: shared } = workerData as WorkerData;
const graphs: RoutingGraph[] = shared.map(({ name, buffer }) => graphFromBuffer(buffer, name));
const workspaces = new Map<number, SearchWorkspace>();

parentPort!.on('message', (task: WorkerTask) => {
  let reply: WorkerReply;
  try {
    const graph = graphs[task.graph]!;
    let workspace = workspaces.get(task.graph);
    if (!workspace) workspaces.set(task.graph, (workspace = new SearchWorkspace(graph)));
    const { collection, timings } = computeIsochrones(graph, workspace, task.request);
    reply = { id: task.id, ok: true, collection, timings };
  } catch (error) {
    reply = isRoutingError(error)
      ? { id: task.id, ok: false, code: error.code, message: error.message, details: error.details }
      : { id: task.id, ok: false, code: 'CANNOT_CALCULATE', message: error instanceof Error ? error.message : String(error), details: {} };
  }
  parentPort!.postMessage(reply);
});
