/**
 * The child process of `runKilledMidWrite`: arms the kill, then calls the writer under test with
 * its arguments. Argv: <afterBytes> <into> <module path> <export name> <arguments JSON file>.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { killAfterWriting } from './kill-mid-write.js';

const [afterBytes, into, modulePath, exportName, argumentsFile] = process.argv.slice(2) as [string, string, string, string, string];
const args = JSON.parse(readFileSync(argumentsFile, 'utf8')) as unknown[];
killAfterWriting(Number(afterBytes), into);
// Imported after the kill is armed, so even a module that copies the fs functions at load gets the counting ones.
const loaded = (await import(pathToFileURL(modulePath).href)) as Record<string, (...args: unknown[]) => unknown>;
await loaded[exportName]!(...args);
// Still alive: the writer wrote less than `afterBytes`, so the test would not test what it says.
process.exitCode = 3;
