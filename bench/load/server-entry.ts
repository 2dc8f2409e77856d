/**
 * The server under test: apps/api/src/main.ts as `npm start` runs it, plus the event-loop probe.
 * Loading the probe here rather than with `node --import` keeps it out of the server's worker
 * threads, which inherit the process's `--import` flags.
 */
import { startLoopProbe } from './loop-probe.js';

startLoopProbe();
await import('../../apps/api/src/main.js');
