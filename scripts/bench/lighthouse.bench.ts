/**
 * `npm run bench -- lighthouse`: Lighthouse 12 (mobile preset: Moto G class phone,
 * simulated slow 4G, 4× CPU slowdown) on Debian Chromium against the built client served by
 * the real server (fresh SQLite, demo mode, seeded demo investor), for /page, /home, /market,
 * /marketDetails?symbol=RELIANCE, /position, /ipo, /ipoDetails (an IPO the demo operator
 * opens before the runs), /blockTrading, /gather, /aiBlockTrading, /pay and /bindBank — the
 * logged-in pages with the demo investor's token in local storage. Prints performance, accessibility and best-practices scores, LCP,
 * TBT, CLS and transferred bytes per page, and from each run's trace the figures a loaded
 * machine does not stretch (`./lighthouse-trace.ts`: main-thread thread time, the TBT it gives,
 * frames drawn, compositor thread time), with the 1-minute load average at start and end.
 * `LIGHTHOUSE_PAGES=/home` measures only the named pages; `LIGHTHOUSE_RUNS=n` measures each
 * page n times, round by round, and prints the median with every run's value;
 * `LIGHTHOUSE_REPORT_DIR=dir` keeps each run's JSON report there and, with `LIGHTHOUSE_TRACES=1`,
 * its DevTools trace (each task's wall time `dur` and thread time `tdur`). Needs `npm run build`
 * first; `CHROME_PATH` overrides /usr/bin/chromium. Figures depend on the machine's load: say so
 * when reporting.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { loadConfig, ROOT_DIR } from '../../src/server/config.js';
import { buildServer } from '../../src/server/app.js';
import { seedDemo } from '../../src/server/demo/seed.js';
import type { BenchFigure } from '../bench.js';
import { traceFigures, type TraceFigures } from './lighthouse-trace.js';

/** A page to measure; `query: 'ipo'` opens it with `?id=` of the IPO made for the bench. */
interface BenchPage {
  path: string;
  loggedIn: boolean;
  query?: 'ipo';
}

const PAGES: BenchPage[] = [
  { path: '/page', loggedIn: false },
  { path: '/home', loggedIn: true },
  { path: '/market', loggedIn: true },
  { path: '/marketDetails?symbol=RELIANCE', loggedIn: true },
  { path: '/position', loggedIn: true },
  { path: '/ipo', loggedIn: true },
  { path: '/ipoDetails', loggedIn: true, query: 'ipo' },
  { path: '/blockTrading', loggedIn: true },
  { path: '/gather', loggedIn: true },
  { path: '/aiBlockTrading', loggedIn: true },
  { path: '/pay', loggedIn: true },
  { path: '/bindBank', loggedIn: true },
];

/**
 * The pages to measure: all, or those `LIGHTHOUSE_PAGES` names (comma-separated paths, e.g.
 * `LIGHTHOUSE_PAGES=/home`), to check one page on a loaded machine. `LIGHTHOUSE_REPORT_DIR=dir` keeps
 * each page's full JSON report there.
 * @throws Error when a named path is not one of {@link PAGES}.
 */
function selectedPages() {
  const wanted = process.env.LIGHTHOUSE_PAGES?.split(',').map((item) => item.trim()).filter(Boolean);
  if (!wanted?.length) return PAGES;
  const unknown = wanted.filter((item) => !PAGES.some((page) => page.path === item));
  if (unknown.length) throw new Error(`LIGHTHOUSE_PAGES: unknown ${unknown.join(', ')} (pages: ${PAGES.map((page) => page.path).join(', ')})`);
  return PAGES.filter((page) => wanted.includes(page.path));
}

/** How often a page is measured again when Lighthouse reports a run error of its own. */
const LIGHTHOUSE_ATTEMPTS = 3;

/**
 * One Lighthouse report of `page`, in a fresh Chromium profile. Lighthouse sometimes loses its
 * own trace (`NO_NAVSTART`, "please run Lighthouse again"): such a run is repeated, up to
 * {@link LIGHTHOUSE_ATTEMPTS} times, and said on stderr; the last run is returned either way.
 */
async function measureWithRetry(page: BenchPage, url: string, origin: string, token: string) {
  for (let attempt = 1; ; attempt++) {
    const run = await measure(page, url, origin, token);
    if (!run.lhr.runtimeError || attempt >= LIGHTHOUSE_ATTEMPTS) return run;
    process.stderr.write(`${page.path}: Lighthouse run error ${run.lhr.runtimeError.code}, measuring again (attempt ${attempt + 1})\n`);
  }
}

/**
 * One Lighthouse run of `url` (mobile preset) in a fresh Chromium profile; logged-in pages get `token`.
 * Answers the report and the DevTools trace its metrics were computed from.
 */
async function measure(page: BenchPage, url: string, origin: string, token: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    if (page.loggedIn) {
      // The token goes into local storage from a same-origin page that does not start the app
      // (no service worker registered before the measured load).
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const tab = await browser.newPage();
      await tab.goto(`${origin}/manifest.webmanifest`);
      await tab.evaluate((t) => localStorage.setItem('token', t), token);
      await tab.close();
      await browser.disconnect();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      disableStorageReset: page.loggedIn,
    });
    // The trace Lighthouse computed its metrics from (its simulation multiplies each task's `dur`).
    return { lhr: result!.lhr, trace: (result!.artifacts as unknown as { Trace: unknown }).Trace };
  } finally {
    chrome.kill();
  }
}

/**
 * Opens an IPO for /ipoDetails as the demo operator (`admin/ipo/save`): subscribable from a day
 * before now until 30 days after; answers its id.
 * @throws Error when the operator's login or the save is refused.
 */
async function openIpo(origin: string, operator: { email: string; password: string }): Promise<string> {
  const post = async <T>(call: string, body: unknown, token?: string): Promise<T> => {
    const res = await fetch(`${origin}/api/${call}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
    const envelope = (await res.json()) as { code: number; message: string; data: T };
    if (envelope.code !== 200) throw new Error(`${call}: ${envelope.code} ${envelope.message}`);
    return envelope.data;
  };
  const { token } = await post<{ token: string }>('user/login', { email: operator.email, password: operator.password });
  const day = 86_400_000;
  const at = (offset: number) => new Date(Date.now() + offset).toISOString();
  const ipo = await post<{ id: string }>('admin/ipo/save', {
    symbol: 'BENCHIPO', name: 'Bench Solar Ltd.', price: 100, lotSize: 10, minLots: 1, maxLots: 5, totalShares: 10_000,
    opensAt: at(-day), closesAt: at(30 * day), allotmentAt: at(31 * day), listingAt: at(32 * day),
  }, token);
  return ipo.id;
}

/** Runs Lighthouse on each selected page; one fresh Chromium profile per page. */
export async function run(): Promise<BenchFigure[]> {
  const clientDir = path.join(ROOT_DIR, 'dist/client');
  if (!fs.existsSync(path.join(clientDir, 'index.html'))) throw new Error('dist/client is missing: run `npm run build` first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-bench-lh-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NIVESH_MODE: 'demo', LOG_LEVEL: 'warn', CLIENT_DIR: clientDir });
  const server = await buildServer(config, { logger: false, strictScreens: true });
  const demo = await seedDemo(server.deps);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
  const login = await fetch(`${origin}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(demo.investor) });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const ipoId = await openIpo(origin, demo.operator);

  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS) || 1);
  const results = new Map<BenchPage, PageRun[]>();
  const [loadAtStart = NaN] = os.loadavg();
  try {
    // Round by round, so a change of the machine's load falls on every page alike.
    for (let round = 1; round <= runs; round++) {
      for (const page of selectedPages()) {
        const url = `${origin}${page.path}${page.query === 'ipo' ? `?id=${encodeURIComponent(ipoId)}` : ''}`;
        const { lhr, trace } = await measureWithRetry(page, url, origin, token);
        // LIGHTHOUSE_REPORT_DIR keeps each page's full JSON report (long tasks, bootup time, treemap).
        if (process.env.LIGHTHOUSE_REPORT_DIR) {
          fs.mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
          fs.writeFileSync(path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${reportName(page, round, runs)}.json`), JSON.stringify(lhr));
          if (process.env.LIGHTHOUSE_TRACES) fs.writeFileSync(path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${reportName(page, round, runs)}.trace.json`), JSON.stringify(trace));
        }
        results.set(page, [...(results.get(page) ?? []), { lhr, trace: tryTraceFigures(trace) }]);
      }
    }
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const figures: BenchFigure[] = [{ name: 'load average (1 min) at the start', value: loadAtStart, unit: '', note: `${(os.loadavg()[0] ?? NaN).toFixed(2)} at the end, ${runs} run(s) per page, ${os.cpus().length} cores` }];
  for (const [page, pageRuns] of results) figures.push(...pageFigures(page, pageRuns));
  return figures;
}

/** One Lighthouse run of a page: its report and the figures of its trace (null when the trace lacked what they need). */
interface PageRun {
  lhr: Awaited<ReturnType<typeof measure>>['lhr'];
  trace: TraceFigures | null;
}

/** A page's report file name (without extension): the path, and the round when there are several. */
function reportName(page: BenchPage, round: number, runs: number): string {
  return `${page.path.replace(/[^A-Za-z0-9]+/g, '_') || 'root'}${runs > 1 ? `.${round}` : ''}`;
}

function tryTraceFigures(trace: unknown): TraceFigures | null {
  try {
    return traceFigures(trace as Parameters<typeof traceFigures>[0]);
  } catch {
    return null;
  }
}

/** The median of `values` (the mean of the two middle ones for an even count), NaN ones left out; NaN when none is left. */
function median(values: number[]): number {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * A page's figures over its runs: the median of each, and every run's value in the note when
 * there are several. Accessibility and best practices name their failed audits.
 */
function pageFigures(page: BenchPage, runs: PageRun[]): BenchFigure[] {
  const figure = (name: string, unit: string, value: (run: PageRun) => number, note?: string): BenchFigure => {
    const values = runs.map(value);
    const each = runs.length > 1 ? `runs: ${values.map((item) => (Number.isNaN(item) ? '–' : Math.abs(item) >= 10 ? Math.round(item) : Math.round(item * 100) / 100)).join(', ')}` : undefined;
    return { name: `${page.path} ${name}`, value: median(values), unit, note: [each, note].filter(Boolean).join('; ') || undefined };
  };
  const score = (id: string) => (run: PageRun) => Math.round((run.lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id: string) => (run: PageRun) => run.lhr.audits[id]?.numericValue ?? NaN;
  const failed = [...new Set(runs.flatMap((run) => ['accessibility', 'best-practices'].flatMap((id) =>
    (run.lhr.categories[id]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (run.lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id),
  )))];
  const errors = runs.flatMap((run) => (run.lhr.runtimeError ? [`Lighthouse run error ${run.lhr.runtimeError.code}`] : []));
  // Which elements moved, so a layout shift can be traced to its block.
  const shifts = runs.flatMap((run) => (run.lhr.audits['layout-shifts']?.details as { items?: Array<{ node?: { selector?: string }; score?: number }> } | undefined)?.items ?? []);
  const shifted = shifts.slice(0, 3).map((item) => `${item.node?.selector ?? '?'} ${(item.score ?? 0).toFixed(2)}`).join('; ');
  return [
    figure('performance', '/100', score('performance'), errors.join(', ') || undefined),
    figure('accessibility', '/100', score('accessibility'), failed.length ? `failed: ${failed.join(', ')}` : undefined),
    figure('best-practices', '/100', score('best-practices')),
    figure('LCP', 'ms', audit('largest-contentful-paint')),
    figure('TBT', 'ms', audit('total-blocking-time')),
    figure('CLS', '', audit('cumulative-layout-shift'), shifted || undefined),
    figure('bytes transferred', 'KiB', (run) => audit('total-byte-weight')(run) / 1024),
    figure('main-thread thread time', 'ms', (run) => run.trace?.mainThreadMs ?? NaN),
    figure('thread TBT (4 × thread time − 50 after FCP)', 'ms', (run) => run.trace?.threadTbtMs ?? NaN),
    figure('frames drawn', '', (run) => run.trace?.frames ?? NaN),
    figure('compositor thread time', 'ms', (run) => run.trace?.compositorMs ?? NaN),
  ];
}
