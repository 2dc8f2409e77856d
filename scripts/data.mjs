#!/usr/bin/env node
// `npm run data -- <command>`: the data command line, compiled like the server (built first when
// the API's sources changed). Build notes go to stderr, leaving stdout to the command.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { apiDist } from './build/api.mjs';
import { buildWhatChanged } from './build/up-to-date.mjs';
import { root } from './build/workspace.mjs';

if (!(await buildWhatChanged({ web: false, say: (message) => console.error(`[data] ${message}`) }))) process.exit(1);

const command = spawn(process.execPath, ['--enable-source-maps', path.join(apiDist, 'data.js'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => command.kill(signal));
command.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
