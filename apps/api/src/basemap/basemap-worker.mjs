// Worker threads start without the TypeScript loader the main thread may have: register tsx, then
// run the worker (packages/files/src/worker-url.ts).
import { register } from 'tsx/esm/api';

register();
await import('./basemap-worker.ts');
