#!/usr/bin/env node
/**
 * `npm start`: builds the client when it is missing or older than its sources, then starts
 * the server (migrates and seeds the embedded SQLite database on the way) on PORT (8080).
 * `--cluster` or WORKERS>1: N processes via node:cluster (PostgreSQL + Redis required).
 */
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'dist/client/index.html');

function newestMtime(entry) {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(entry).reduce((max, name) => Math.max(max, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

const sources = ['index.html', 'src/app', 'src/shared', 'renderers', 'locales', 'public', 'vite.config.ts'].map((p) => path.join(root, p));
const stale = !fs.existsSync(built) || sources.some((p) => fs.existsSync(p) && newestMtime(p) > fs.statSync(built).mtimeMs);
if (stale) {
  console.log('Building the client…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// WORKERS=N (or `npm run start:cluster`) runs N processes behind one port.
const clustered = process.argv.includes('--cluster') || Number(process.env.WORKERS) > 1;
const entry = clustered ? 'src/server/cluster-main.ts' : 'src/server/main.ts';
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, entry)], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
