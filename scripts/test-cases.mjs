#!/usr/bin/env node
/**
 * `npm run test:cases [-- <file or glob> ...]`: the QA suite in Chromium at 390×844.
 * Without arguments: every case file, then — on fresh servers of its own, so the route
 * screenshots always see the same records — the route checks (messages, console, CSP, axe,
 * screenshots), the lists' loading and empty states and the smoke set of the form cases
 * generated from the screens' schemas + layouts (one per widget kind; every generated form case
 * runs in jsdom with `npm run test:forms`, and here too with `QA_FORMS=all`). With arguments: only
 * those case files (paths or globs such as `tests/cases/pay*.case.json`). `--screen <name>`
 * (repeatable) keeps one screen's case files, generated cases and route checks — exactly that
 * screen: `--screen withdraw` leaves out `withdrawDetail`. Other Playwright options pass through
 * (`--grep`, `--list`, `--update-snapshots`). The HTML report (grouped by screen) lands in
 * `playwright-report/` (the last part's). Builds the client first when `dist/client` is missing.
 *
 * `npm run screenshots:update` (`--screenshots`): rebuilds the client, then rewrites every
 * route's baseline (`tests/cases/__screenshots__/<screen>-<lang>.png`) from the route checks
 * alone — they run first in the generated suite on the same prepared state, so the baselines
 * match a full run. Add `--grep "route /bindBank "` to rewrite one screen's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const args = process.argv.slice(2);
const screenshots = args.includes('--screenshots');

/** `--screen <name>` / `--screen=<name>` values, and the arguments left. */
const screens = [];
const rest = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--screen') screens.push(args[++i] ?? '');
  else if (args[i].startsWith('--screen=')) screens.push(args[i].slice('--screen='.length));
  else rest.push(args[i]);
}
if (screens.some((name) => !/^[A-Za-z0-9_]+$/.test(name))) {
  console.error('--screen takes a screen name, e.g. --screen withdraw');
  process.exit(2);
}
const selection = rest.filter((a) => !a.startsWith('-') && /\.case\.json$|[*?]/.test(a));
// Tests are titled `screen <name> <test>`: the space after the name keeps `withdraw` from
// matching `withdrawDetail`.
const screenGrep = screens.length ? ['--grep', `(^| )screen (${screens.join('|')}) `] : [];
const passThrough = [...rest.filter((a) => !selection.includes(a) && a !== '--screenshots'), ...screenGrep];

const run = (command, commandArgs, env = {}) => {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, PLAYWRIGHT_HTML_OPEN: 'never', ...env } });
  return result.status ?? 1;
};

if (screenshots || !fs.existsSync(path.join(root, process.env.CLIENT_DIR ?? 'dist/client', 'index.html'))) {
  const status = run(bin('vite'), ['build', '--logLevel', 'warn']);
  if (status !== 0) process.exit(status);
}

const playwright = (file, extra = [], env = {}) => run(bin('playwright'), ['test', '--project=cases', '--reporter=list,html', '--pass-with-no-tests', file, ...extra, ...passThrough], env);

if (screenshots) {
  const grep = passThrough.some((a) => a === '--grep' || a === '-g' || a.startsWith('--grep=')) ? [] : ['--grep', 'route /'];
  process.exit(playwright('tests/cases/generated.spec.ts', [...grep, '--update-snapshots=all']));
}
if (selection.length) process.exit(playwright('tests/cases/cases.spec.ts', [], { CASES: selection.join(',') }));
const cases = playwright('tests/cases/cases.spec.ts');
const generated = playwright('tests/cases/generated.spec.ts');
process.exit(cases || generated);
