#!/usr/bin/env node
// `npm start`: builds the web app and the API when their sources changed since their last build,
// then runs the compiled API server (apps/api/dist/main.js, no TypeScript loader), which serves
// the app at /app. Settings come from the environment or a .env file.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { apiDist } from './build/api.mjs';
import { buildWhatChanged } from './build/up-to-date.mjs';
import { root } from './build/workspace.mjs';

const say = (message) => console.log(`[catchment] ${message}`);

if (!(await buildWhatChanged({ web: true, say }))) process.exit(1);

// Source maps: stack traces name the TypeScript files and lines.
const nodeArgs = ['--enable-source-maps'];
if (fs.existsSync(path.join(root, '.env'))) nodeArgs.push(`--env-file=${path.join(root, '.env')}`);
const server = spawn(process.execPath, [...nodeArgs, path.join(apiDist, 'main.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
