// Worker threads start without the TypeScript loader the main thread may have: register tsx, then
// run the database thread.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-thread.ts');
