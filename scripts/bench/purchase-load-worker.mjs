// The client side of `purchase-load.ts`, in plain JavaScript so a worker thread runs it
// without a TypeScript loader. workerData: {url, token, count, concurrency, warmup};
// after the warm-up posts {warm: true} and waits for a message {pids} (other processes whose CPU
// counts, e.g. PostgreSQL backends; may be empty); then posts {perSecond, p50, p99, processCpuMs,
// clientCpuMs, pidsCpuMs} (requests/s, ms; CPU over the measured requests: the whole process, this
// thread — the client — and the other pids).
//
// node:http with a keep-alive agent, one socket per request in flight: `fetch` (undici) cost
// about 1.1 ms of CPU per purchase in this thread — as much as the server's own work — and the
// two share 2 cores, so the bench measured the client as much as the server.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import fs from 'node:fs';
import { percentile } from './stats.mjs';

const { url, token, count, concurrency, warmup } = workerData;
const target = new URL(url);
const body = Buffer.from(JSON.stringify({ kind: 'updown', symbol: 'RELIANCE', direction: 1, amount: 10, duration: 60 }));
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const options = {
  host: target.hostname,
  port: target.port,
  path: `${target.pathname}${target.search}`,
  method: 'POST',
  agent,
  headers: { 'content-type': 'application/json', 'content-length': body.length, authorization: `Bearer ${token}` },
};

function one() {
  const t = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(options, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const answer = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        if (answer.code !== 200) reject(new Error(`purchase failed: ${answer.message}`));
        else resolve(performance.now() - t);
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** `total` purchases with `concurrency` in flight; resolves to their latencies (ms). */
async function load(total) {
  const latencies = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < total) latencies.push(await one());
    }),
  );
  return latencies;
}

// The warm-up runs at the measured concurrency: V8 optimizes the server's code over the first
// few thousand requests, and the rounds of group commit only take their steady size under load.
await load(warmup);
parentPort.postMessage({ warm: true });
const pids = await new Promise((resolve) => parentPort.once('message', (m) => resolve(m.pids ?? [])));

/** CPU ms (user + system) in a /proc stat file (clock ticks of 10 ms); 0 when gone. */
function cpuMs(file) {
  try {
    const text = fs.readFileSync(file, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}
const others = () => pids.reduce((sum, pid) => sum + cpuMs(`/proc/${pid}/stat`), 0);
const cpu0 = { process: cpuMs('/proc/self/stat'), client: cpuMs('/proc/thread-self/stat'), pids: others() };
const start = performance.now();
const latencies = await load(count);
const seconds = (performance.now() - start) / 1000;
const cpu1 = { process: cpuMs('/proc/self/stat'), client: cpuMs('/proc/thread-self/stat'), pids: others() };
agent.destroy();
parentPort.postMessage({
  perSecond: count / seconds,
  p50: percentile(latencies, 0.5),
  p99: percentile(latencies, 0.99),
  processCpuMs: cpu1.process - cpu0.process,
  clientCpuMs: cpu1.client - cpu0.client,
  pidsCpuMs: cpu1.pids - cpu0.pids,
});
