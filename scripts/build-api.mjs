#!/usr/bin/env node
// `npm run build:api`: builds the API into apps/api/dist (scripts/build/api.mjs), whether or not its
// sources changed. `npm start` and `npm run data` build it themselves when they did.
import { buildApi } from './build/api.mjs';

const started = Date.now();
const { entries, linked } = await buildApi();
console.log(`[catchment] API built in ${((Date.now() - started) / 1000).toFixed(1)} s: ${entries.join(', ')}`
  + (linked.length ? ` (linked from a package's own node_modules: ${linked.join(', ')})` : ''));
