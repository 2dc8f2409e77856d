/**
 * Imports one extract and prints the summary and this process's peak memory as JSON. Run compiled
 * (import-once.ts bundles it as `npm run data` is bundled, and starts it with plain Node), so the
 * peak is the import's plus Node's own. The peak before the import (Node and the importer's modules
 * loaded) is reported too, to tell the import's share. Only the importer is imported, not the
 * routing package's index, whose engine and schemas the import does not load either.
 */
import { importOsm } from '../../packages/routing/src/import/import-osm.js';

const [input, output] = process.argv.slice(2);
if (!input || !output) throw new Error('usage: import-measured.js <extract.osm.pbf> <output.graph>');
const idleRssKb = process.resourceUsage().maxRSS;
const summary = await importOsm(input, output);
console.log(JSON.stringify({ ...summary, idleRssKb, maxRssKb: process.resourceUsage().maxRSS }));
