#!/usr/bin/env node
/**
 * `npm run test:cases [-- <file or glob> ...]`: the QA suite (issue 12) in Chromium at 390×844.
 * Without arguments: every case file, the cases generated from every screen's schema + layout
 * and the route checks (messages, console, CSP, axe, screenshots). With arguments: only those
 * case files (paths or globs such as `tests/cases/pay*.case.json`). Other Playwright options
 * pass through (`--update-snapshots`, `--grep`). The HTML report (grouped by screen) lands in
 * `playwright-report/`. Builds the client first when `dist/client` is missing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const args = process.argv.slice(2);
const selection = args.filter((a) => !a.startsWith('-') && /\.case\.json$|[*?]/.test(a));
const passThrough = args.filter((a) => !selection.includes(a));

if (!fs.existsSync(path.join(root, process.env.CLIENT_DIR ?? 'dist/client', 'index.html'))) {
  const build = spawnSync(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const files = selection.length ? ['tests/cases/cases.spec.ts'] : [];
const result = spawnSync(bin('playwright'), ['test', '--project=cases', '--reporter=list,html', ...files, ...passThrough], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PLAYWRIGHT_HTML_OPEN: 'never', ...(selection.length ? { CASES: selection.join(',') } : {}) },
});
process.exit(result.status ?? 1);
