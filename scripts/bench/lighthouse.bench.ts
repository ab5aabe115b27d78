/**
 * `npm run bench -- lighthouse`: Lighthouse 12 (mobile preset: Moto G class phone,
 * simulated slow 4G, 4× CPU slowdown) on Debian Chromium against the built client served by
 * the real server (fresh SQLite, demo mode, seeded demo investor), for /page, /home, /market,
 * /marketDetails?symbol=RELIANCE, /position, /ipo, /ipoDetails (an IPO the demo operator
 * opens before the runs), /blockTrading, /gather, /aiBlockTrading, /pay and /bindBank — the
 * logged-in pages with the demo investor's token in local storage. Prints performance, accessibility and best-practices scores, LCP,
 * TBT, CLS and transferred bytes per page (`LIGHTHOUSE_PAGES=/home` measures only the named
 * pages; `LIGHTHOUSE_REPORT_DIR=dir` keeps each page's JSON report there and, with
 * `LIGHTHOUSE_TRACES=1`, its DevTools trace — each main-thread task's wall time `dur` and thread
 * time `tdur`, which a loaded machine does not stretch). Needs `npm run build` first; `CHROME_PATH`
 * overrides /usr/bin/chromium. Figures depend on the machine's load: say so when reporting.
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
 * {@link LIGHTHOUSE_ATTEMPTS} times, and said on stderr; the last report is returned either way.
 */
async function measureWithRetry(page: BenchPage, url: string, origin: string, token: string) {
  for (let attempt = 1; ; attempt++) {
    const lhr = await measure(page, url, origin, token);
    if (!lhr.runtimeError || attempt >= LIGHTHOUSE_ATTEMPTS) return lhr;
    process.stderr.write(`${page.path}: Lighthouse run error ${lhr.runtimeError.code}, measuring again (attempt ${attempt + 1})\n`);
  }
}

/** One Lighthouse run of `url` (mobile preset) in a fresh Chromium profile; logged-in pages get `token`. */
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
    if (process.env.LIGHTHOUSE_REPORT_DIR && process.env.LIGHTHOUSE_TRACES) {
      fs.mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
      fs.writeFileSync(path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${page.path.replace(/[^A-Za-z0-9]+/g, '_') || 'root'}.trace.json`), JSON.stringify((result!.artifacts as unknown as { Trace: unknown }).Trace));
    }
    return result!.lhr;
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

  const figures: BenchFigure[] = [];
  try {
    for (const page of selectedPages()) {
      const url = `${origin}${page.path}${page.query === 'ipo' ? `?id=${encodeURIComponent(ipoId)}` : ''}`;
      const lhr = await measureWithRetry(page, url, origin, token);
      // LIGHTHOUSE_REPORT_DIR keeps each page's full JSON report (long tasks, bootup time, treemap).
      if (process.env.LIGHTHOUSE_REPORT_DIR) {
        fs.mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
        fs.writeFileSync(path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${page.path.replace(/[^A-Za-z0-9]+/g, '_') || 'root'}.json`), JSON.stringify(lhr));
      }
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      const failed = ['accessibility', 'best-practices'].flatMap((id) =>
        (lhr.categories[id]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id),
      );
      const note = failed.length ? `failed: ${failed.join(', ')}` : undefined;
      // Which elements moved, so a layout shift can be traced to its block.
      const shifts = (lhr.audits['layout-shifts']?.details as { items?: Array<{ node?: { selector?: string; snippet?: string }; score?: number }> } | undefined)?.items ?? [];
      const shifted = shifts.slice(0, 3).map((item) => `${item.node?.selector ?? '?'} ${(item.score ?? 0).toFixed(2)}`).join('; ');
      figures.push(
        { name: `${page.path} performance`, value: score('performance'), unit: '/100', note: lhr.runtimeError ? `Lighthouse run error ${lhr.runtimeError.code}` : undefined },
        { name: `${page.path} accessibility`, value: score('accessibility'), unit: '/100', note },
        { name: `${page.path} best-practices`, value: score('best-practices'), unit: '/100' },
        { name: `${page.path} LCP`, value: audit('largest-contentful-paint'), unit: 'ms' },
        { name: `${page.path} TBT`, value: audit('total-blocking-time'), unit: 'ms' },
        { name: `${page.path} CLS`, value: audit('cumulative-layout-shift'), unit: '', note: shifted || undefined },
        { name: `${page.path} bytes transferred`, value: audit('total-byte-weight') / 1024, unit: 'KiB' },
      );
    }
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}
