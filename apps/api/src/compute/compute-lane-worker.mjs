// A lane thread starts without the TypeScript loader the main thread may have: register tsx, then
// run the lane's loop (compute-lane-thread.ts; the bundle of that file is compute-lane-worker.js).
import { register } from 'tsx/esm/api';

register();
await import('./compute-lane-thread.ts');
