#!/usr/bin/env node
/** `npm run dev`: the API with reload (tsx watch, :8080) and the Vite dev server (:5173). */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  spawn(path.join(root, 'node_modules/.bin/tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], { cwd: root, stdio: 'inherit', env: { ...process.env, CLIENT_DIR: path.join(root, 'dist/none') } }),
  spawn(path.join(root, 'node_modules/.bin/vite'), [], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { stop(); process.exit(code ?? 0); });
