// Worker threads start without the TypeScript loader the main thread may have: register tsx, then
// hand piscina the task runner, under the name the pool asks for (compute-pool.ts: the compiled
// worker is compute-tasks.ts itself, which has no default export) and as the default export,
// piscina's own default.
import { register } from 'tsx/esm/api';

register();
export const { runComputeTask } = await import('./compute-tasks.ts');
export default runComputeTask;
