// Worker threads start without the TypeScript loader the main thread may have: register tsx, then load the worker.
import { register } from 'tsx/esm/api';

register();
await import('./isochrone-worker.ts');
