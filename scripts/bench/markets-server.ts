/**
 * Child process of `markets.bench.ts`: the real server (simulated feed ticking once per second,
 * fresh SQLite) on one port and a bare Fastify route on another, so both are measured in the
 * same process from the same client. Prints `READY <serverPort> <barePort>` when listening;
 * answers `rss` on stdin with its memory.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { loadConfig } from '../../src/server/config.js';
import { startBenchServer } from './bench-server.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-bench-markets-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NIVESH_MODE: 'demo', LOG_LEVEL: 'warn', MARKET_FEED: 'on', SSE_MAX_PER_IP: '1000000', CLIENT_DIR: path.join(dataDir, 'none') });
const server = await startBenchServer(config, { logger: false });
await server.market.ready();
await server.app.listen({ port: 0, host: '127.0.0.1' });

const bare = Fastify({ logger: false });
bare.post('/bare', async () => ({ code: 200, message: 'Success', data: null }));
await bare.listen({ port: 0, host: '127.0.0.1' });

const port = (s: { server: { address(): unknown } }) => (s.server.address() as { port: number }).port;
console.log(`READY ${port(server.app)} ${port(bare)}`);

process.stdin.setEncoding('utf8');
process.stdin.on('data', (line: string) => {
  if (line.trim() === 'rss') {
    global.gc?.();
    const memory = process.memoryUsage();
    console.log(`RSS ${memory.rss} CLIENTS ${server.market.hub.size} DELIVERED ${server.market.hub.delivered} HEAP ${memory.heapUsed}`);
  }
});
process.stdin.on('end', () => {
  void Promise.all([server.close(), bare.close()]).finally(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
