#!/usr/bin/env node
// `npm run build:web`: builds the web app into apps/web/dist (scripts/build/web.mjs), whether or
// not its sources changed. `npm start` builds it itself when they did.
import { buildWeb } from './build/web.mjs';

const started = Date.now();
await buildWeb();
console.log(`[catchment] Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
