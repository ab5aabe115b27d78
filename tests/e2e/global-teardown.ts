/**
 * Runs once when a Playwright run ends (also after `--list`, and after failures): removes every
 * data folder of this run (`/tmp/nivesh-e2e-<run id>-*`) — those of workers that were killed
 * before their own clean-up too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { dataDirPrefix } from './server';

export default function globalTeardown(): void {
  const prefix = dataDirPrefix();
  const dir = path.dirname(prefix);
  for (const name of fs.readdirSync(dir)) {
    if (path.join(dir, name).startsWith(prefix)) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  }
}
