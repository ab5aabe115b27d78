// The client side of `purchase-load.ts`, in plain JavaScript so a worker thread runs it
// without a TypeScript loader. workerData: {url, token, count, concurrency, warmup};
// posts {perSecond, p50, p99} (requests/s, ms).
import { parentPort, workerData } from 'node:worker_threads';
import { percentile } from './stats.mjs';

const { url, token, count, concurrency, warmup } = workerData;
const body = JSON.stringify({ kind: 'updown', symbol: 'RELIANCE', direction: 1, amount: 10, duration: 60 });
const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };

async function one() {
  const t = performance.now();
  const response = await fetch(url, { method: 'POST', headers, body });
  const answer = await response.json();
  if (answer.code !== 200) throw new Error(`purchase failed: ${answer.message}`);
  return performance.now() - t;
}

for (let i = 0; i < warmup; i++) await one();
const latencies = [];
let next = 0;
const start = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next++ < count) latencies.push(await one());
  }),
);
const seconds = (performance.now() - start) / 1000;
parentPort.postMessage({ perSecond: count / seconds, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) });
