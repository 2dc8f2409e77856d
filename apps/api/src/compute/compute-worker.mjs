// Worker threads start without the TypeScript loader the main thread may have: register tsx, then
// hand piscina the task runner.
import { register } from 'tsx/esm/api';

register();
const { runComputeTask } = await import('./compute-tasks.ts');

export default runComputeTask;
