/**
 * Imports one extract and prints the summary and this process's peak memory as JSON: run in a
 * child process by the routing benchmark, so the peak is the import's alone. The peak before the
 * import (Node and the TypeScript loader, modules loaded) is reported too, to tell the import's share.
 */
import { importOsm } from '../../packages/routing/src/index.js';

const [input, output] = process.argv.slice(2);
if (!input || !output) throw new Error('usage: import-once.ts <extract.osm.pbf> <output.graph>');
const idleRssKb = process.resourceUsage().maxRSS;
const summary = await importOsm(input, output);
console.log(JSON.stringify({ ...summary, idleRssKb, maxRssKb: process.resourceUsage().maxRSS }));
