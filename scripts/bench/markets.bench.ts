/**
 * Markets benchmark (issue 5): `markets/getAllMarkets` requests per second beside a bare
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
import { ROOT_DIR } from '../../src/server/config.js';
import type { BenchFigure } from '../bench.js';

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

const percentile = (values: number[], p: number) => {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

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
  return { rps: done / elapsed, p99: percentile(latencies, 99), failed };
}

interface SseClient {
  request: http.ClientRequest;
  open: boolean;
}

/** Opens SSE clients in batches; counts quote events and samples tick-to-arrival lag per chunk. */
async function fanOut<M>(port: number, clients: number, symbols: string, measureSeconds: number, whileConnected: () => Promise<M>) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const all: SseClient[] = [];
  let quotes = 0;
  let counting = false;
  const lags: number[] = [];
  const connectStart = Date.now();
  const connectOne = () =>
    new Promise<void>((resolve) => {
      const client: SseClient = { request: null as unknown as http.ClientRequest, open: false };
      client.request = http.get({ host: '127.0.0.1', port, path: `/api/markets/stream?symbols=${encodeURIComponent(symbols)}`, agent }, (response) => {
        client.open = response.statusCode === 200;
        resolve();
        response.setEncoding('latin1');
        response.on('data', (chunk: string) => {
          if (!counting) return;
          const now = Date.now();
          let at = chunk.indexOf('event: quote');
          if (at < 0) return;
          const time = /"time":(\d+)/.exec(chunk);
          if (time) lags.push(now - Number(time[1]));
          while (at >= 0) {
            quotes++;
            at = chunk.indexOf('event: quote', at + 12);
          }
        });
        response.on('close', () => (client.open = false));
      });
      client.request.on('error', () => resolve());
      all.push(client);
    });
  for (let i = 0; i < clients; i += 250) {
    await Promise.all(Array.from({ length: Math.min(250, clients - i) }, connectOne));
  }
  const connectSeconds = (Date.now() - connectStart) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 1500)); // let snapshots drain
  counting = true;
  const start = Date.now();
  await new Promise((resolve) => setTimeout(resolve, measureSeconds * 1000));
  counting = false;
  const elapsed = (Date.now() - start) / 1000;
  const held = all.filter((c) => c.open).length;
  const memory = await whileConnected();
  for (const c of all) c.request.destroy();
  agent.destroy();
  return { held, quotesPerSecond: quotes / elapsed, p50: percentile(lags, 50), p99: percentile(lags, 99), connectSeconds, memory };
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
