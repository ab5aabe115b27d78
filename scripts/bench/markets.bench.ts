/**
 * Markets benchmark: `markets/getAllMarkets` requests per second beside a bare
 * Fastify route measured in the same run with the same client, and SSE fan-out for 10,000
 * clients on one server process — connections held, quotes delivered per second and the p99
 * lag from a tick to its arrival at a client. The server runs in a child process
 * (`markets-server.ts`); the load comes from this process.
 * Run: `npx tsx scripts/bench.ts markets` (BENCH_SSE_CLIENTS, BENCH_SECONDS to change).
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import readline from 'node:readline';
import { Worker } from 'node:worker_threads';
import { ROOT_DIR } from '../../src/server/config.js';
import type { BenchFigure } from '../bench.js';
import { percentile } from './stats.mjs';

const SSE_CLIENTS = Number(process.env.BENCH_SSE_CLIENTS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = 64;

function startServer() {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(ROOT_DIR, 'scripts/bench/markets-server.ts')], { cwd: ROOT_DIR, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout! });
  const waiters: Array<(line: string) => void> = [];
  lines.on('line', (line) => waiters.shift()?.(line));
  const next = () => new Promise<string>((resolve) => waiters.push(resolve));
  return {
    ready: next().then((line) => {
      const [, serverPort, barePort] = line.split(' ');
      return { serverPort: Number(serverPort), barePort: Number(barePort) };
    }),
    async stats() {
      child.stdin!.write('rss\n');
      const [, rss, , clients, , delivered, , heap] = (await next()).split(' ');
      return { rss: Number(rss), clients: Number(clients), delivered: Number(delivered), heap: Number(heap) };
    },
    stop: () => new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.stdin!.end();
    }),
  };
}


/** Closed-loop load: CONCURRENCY keep-alive connections POSTing `{}` for `seconds`. */
async function load(port: number, urlPath: string, seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  let done = 0;
  let failed = 0;
  const until = Date.now() + seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const start = performance.now();
      const request = http.request({ host: '127.0.0.1', port, path: urlPath, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': 2 } }, (response) => {
        response.on('data', () => undefined);
        response.on('end', () => {
          if (response.statusCode === 200) done++;
          else failed++;
          latencies.push(performance.now() - start);
          resolve();
        });
      });
      request.on('error', () => {
        failed++;
        resolve();
      });
      request.end('{}');
    });
  const worker = async () => {
    while (Date.now() < until) await one();
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = (Date.now() - started) / 1000;
  agent.destroy();
  return { rps: done / elapsed, p99: percentile(latencies, 0.99), failed };
}

/** What one SSE client worker reports. */
interface WorkerMessage {
  connected?: { held: number; seconds: number };
  measured?: { quotes: number; lags: number[]; held: number };
}

const SSE_WORKERS = Number(process.env.BENCH_SSE_WORKERS ?? 2);

/**
 * Opens `clients` SSE clients spread over `SSE_WORKERS` worker threads (`sse-clients-worker.mjs`),
 * counts quote events for `measureSeconds` and samples the tick-to-arrival lag of each chunk.
 * `whileConnected` runs with every client still connected (the server's memory).
 */
async function fanOut<M>(port: number, clients: number, symbols: string, measureSeconds: number, whileConnected: () => Promise<M>) {
  const connectStart = Date.now();
  const workers = Array.from({ length: SSE_WORKERS }, (_, i) => {
    const share = Math.floor(clients / SSE_WORKERS) + (i < clients % SSE_WORKERS ? 1 : 0);
    const worker = new Worker(new URL('./sse-clients-worker.mjs', import.meta.url), { workerData: { port, clients: share, symbols } });
    const next = () => new Promise<WorkerMessage>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    return { worker, next, connected: next() };
  });
  await Promise.all(workers.map((w) => w.connected));
  const connectSeconds = (Date.now() - connectStart) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 1500)); // let snapshots drain
  for (const w of workers) w.worker.postMessage('count');
  const start = Date.now();
  await new Promise((resolve) => setTimeout(resolve, measureSeconds * 1000));
  const results = await Promise.all(workers.map((w) => {
    const answer = w.next();
    w.worker.postMessage('stop');
    return answer;
  }));
  const elapsed = (Date.now() - start) / 1000;
  const memory = await whileConnected();
  for (const w of workers) w.worker.postMessage('close');
  await Promise.all(workers.map((w) => new Promise((resolve) => w.worker.once('exit', resolve))));
  const lags = results.flatMap((r) => r.measured!.lags);
  const quotes = results.reduce((n, r) => n + r.measured!.quotes, 0);
  const held = results.reduce((n, r) => n + r.measured!.held, 0);
  return { held, quotesPerSecond: quotes / elapsed, p50: percentile(lags, 0.5), p99: percentile(lags, 0.99), connectSeconds, memory };
}

export async function run(): Promise<BenchFigure[]> {
  const server = startServer();
  const { serverPort, barePort } = await server.ready;
  try {
    // Warm up both, then measure each for the same time with the same client.
    await load(serverPort, '/api/markets/getAllMarkets', 1);
    await load(barePort, '/bare', 1);
    const markets = await load(serverPort, '/api/markets/getAllMarkets', SECONDS);
    const bare = await load(barePort, '/bare', SECONDS);

    const all = await new Promise<string[]>((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port: serverPort, path: '/api/markets/getAllMarkets', method: 'POST', headers: { 'content-type': 'application/json' } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (c: string) => (body += c));
        response.on('end', () => resolve((JSON.parse(body) as { data: Array<{ symbol: string }> }).data.map((q) => q.symbol)));
      });
      request.on('error', reject);
      request.end('{}');
    });
    const before = await server.stats();
    const sse = await fanOut(serverPort, SSE_CLIENTS, all.join(','), Math.max(SECONDS * 2, 10), () => server.stats());
    const stats = sse.memory;
    const perClient = (bytes: number) => (bytes / Math.max(1, sse.held) / 1024).toFixed(1);
    return [
      { name: 'markets/getAllMarkets (52 quotes, 64 connections)', value: markets.rps, unit: 'req/s', note: `p99 ${markets.p99.toFixed(1)} ms${markets.failed ? `, ${markets.failed} failed` : ''}` },
      { name: 'bare Fastify POST route (same process, same client)', value: bare.rps, unit: 'req/s', note: `p99 ${bare.p99.toFixed(1)} ms; getAllMarkets = ${((markets.rps / bare.rps) * 100).toFixed(0)} % of it` },
      { name: `SSE clients held (of ${SSE_CLIENTS}, all 52 symbols each)`, value: sse.held, unit: 'connections', note: `connected in ${sse.connectSeconds.toFixed(1)} s` },
      { name: 'SSE quotes delivered', value: sse.quotesPerSecond, unit: 'quotes/s', note: `${(sse.quotesPerSecond / Math.max(1, sse.held)).toFixed(1)} per client per second` },
      { name: 'SSE delivery lag, tick to client, p99', value: sse.p99, unit: 'ms', note: `p50 ${sse.p50.toFixed(0)} ms` },
      { name: 'server memory with the clients connected', value: stats.rss / 1_048_576, unit: 'MB RSS', note: `${(before.rss / 1_048_576).toFixed(0)} MB before they connected` },
      { name: 'server memory per SSE client (RSS growth / clients)', value: (stats.rss - before.rss) / Math.max(1, sse.held) / 1024, unit: 'KB', note: `JS heap ${perClient(stats.heap - before.heap)} KB of it` },
    ];
  } finally {
    await server.stop();
  }
}
