import { parentPort, workerData } from 'node:worker_threads';
import { graphFromBuffer } from '../graph/graph-file.js';
import type { RoutingGraph } from '../graph/routing-graph.js';
import { computeIsochrones, SearchWorkspace } from '../query/compute-isochrones.js';
import { isRoutingError } from '../errors.js';
import { computeRoute, RouteWorkspace } from '../query/route.js';
import { RaptorWorkspace } from '../transit/raptor.js';
import { timetableFromBuffer, type Timetable } from '../transit/timetable.js';
import { computeTransitIsochrones } from '../transit/transit-isochrones.js';
import { spreadNodeWeights } from '../reach/node-weights.js';
import { excludeReached, reachSums } from '../reach/reach-sums.js';
import type { WorkerData, WorkerJob, WorkerJobs, WorkerJobKind, WorkerReply, WorkerTask } from './protocol.js';
import { setCancellationCheck, throwIfCancelled } from '../query/cancellation.js';

/** One worker: views over the shared graphs (no copy), its own search scratch memory per graph. */
const { graphs: shared, timetables: sharedTimetables = [], cancel } = workerData as WorkerData;
if (cancel) {
  const flag = new Int32Array(cancel);
  setCancellationCheck(() => Atomics.load(flag, 0) !== 0);
}
const graphs: RoutingGraph[] = shared.map(({ name, buffer }) => graphFromBuffer(buffer, name));
const timetables: Timetable[] = sharedTimetables.map(({ name, buffer }) => timetableFromBuffer(buffer, name));
const raptorWorkspaces = new Map<number, RaptorWorkspace>();

/** A timetable's RAPTOR scratch memory, made on the first transit search of it. */
function raptorWorkspace(index: number): RaptorWorkspace {
  let workspace = raptorWorkspaces.get(index);
  if (!workspace) raptorWorkspaces.set(index, (workspace = new RaptorWorkspace(timetables[index]!)));
  return workspace;
}
const workspaces = new Map<number, SearchWorkspace>();
const routeWorkspaces = new Map<number, RouteWorkspace>();

/** A route's scratch memory, made on the first route asked on the graph. */
function routeWorkspace(index: number, graph: RoutingGraph): RouteWorkspace {
  let workspace = routeWorkspaces.get(index);
  if (!workspace) routeWorkspaces.set(index, (workspace = new RouteWorkspace(graph)));
  return workspace;
}

function run(index: number, graph: RoutingGraph, workspace: SearchWorkspace, job: WorkerJob): WorkerJobs[WorkerJobKind]['result'] {
  switch (job.kind) {
    case 'isochrones':
      return computeIsochrones(graph, workspace, job.request);
    case 'transitIsochrones': {
      const { collection, timings } = computeTransitIsochrones(graph, workspace, timetables[job.request.timetable]!, raptorWorkspace(job.request.timetable), job.request);
      return { collection, timings };
    }
    case 'route':
      return computeRoute(graph, routeWorkspace(index, graph), job.request);
    case 'nodeWeights': {
      // Spread first, then excluded: what competitors reach is taken out whatever unit it came from.
      const weights = new Float32Array(job.request.weights);
      const spread = spreadNodeWeights(graph, job.request.mode, job.request.sources, weights);
      const exclusion = excludeReached(graph, workspace, job.request.competitors, weights, job.request);
      return { spread, exclusion };
    }
    case 'reachSums':
      return reachSums(graph, workspace, job.request.origins, new Float32Array(job.request.weights), job.request);
  }
}

parentPort!.on('message', (task: WorkerTask) => {
  let reply: WorkerReply;
  try {
    // Given up while it waited in this thread's message queue: not even started.
    throwIfCancelled();
    const graph = graphs[task.graph]!;
    let workspace = workspaces.get(task.graph);
    if (!workspace) workspaces.set(task.graph, (workspace = new SearchWorkspace(graph)));
    reply = { id: task.id, ok: true, result: run(task.graph, graph, workspace, task.job) };
  } catch (error) {
    reply = isRoutingError(error)
      ? { id: task.id, ok: false, code: error.code, message: error.message, details: error.details }
      : { id: task.id, ok: false, code: 'CANNOT_CALCULATE', message: error instanceof Error ? error.message : String(error), details: {} };
  }
  parentPort!.postMessage(reply);
});
