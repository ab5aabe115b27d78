/**
 * Closed-loop `order/purchase` load over HTTP: `concurrency` requests in flight
 * until `count` have been answered, each an up/down contract of 10 currency units on
 * RELIANCE for 60 s, with the investor's bearer token. Shared by the trading and growth benches.
 *
 * The client runs in a worker thread (`purchase-load-worker.mjs`): in the server's own event
 * loop it took a large share of the loop's time (undici sending and parsing), so the bench
 * measured the client as much as the server. A worker has its own loop and can use the other
 * core, as a real client would. It sends with node:http and a keep-alive agent (since
 * 2026-11-26): `fetch` spent ≈ 1.1 ms of CPU per purchase, node:http ≈ 0.4 ms, on cores the
 * server shares.
 */
import { Worker } from 'node:worker_threads';
import type { buildServer } from '../../src/server/app.js';

type Server = Awaited<ReturnType<typeof buildServer>>;

/**
 * Rate (requests/s), latency percentiles (ms) and CPU ms per request of one load run: `appCpuMs`
 * is this process without the client's thread (the server's main thread, libuv's pool, V8's
 * helpers), `clientCpuMs` the client's thread, `otherCpuMs` the watched pids (e.g. PostgreSQL's
 * backends).
 */
export interface PurchaseLoad {
  perSecond: number;
  p50: number;
  p99: number;
  appCpuMs: number;
  clientCpuMs: number;
  otherCpuMs: number;
}

/**
 * Runs `warmup` purchases, then `count`, both with `concurrency` in flight; only the latter are measured. The server
 * must be listening (`server.app.listen`). `pids` names processes whose CPU counts too (read
 * once the warm-up is over).
 * @throws Error when a purchase is refused (the bench measures successful purchases only).
 */
export async function purchaseLoad(server: Server, token: string, count: number, concurrency: number, warmup: number, pids?: () => Promise<number[]>): Promise<PurchaseLoad> {
  const address = server.app.server.address();
  return urlLoad(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/order/purchase?lang=en`, token, count, concurrency, warmup, pids);
}

/** {@link purchaseLoad} against any URL that answers the purchase body with `{code: 200}`. */
export async function urlLoad(url: string, token: string, count: number, concurrency: number, warmup: number, pids?: () => Promise<number[]>): Promise<PurchaseLoad> {
  const worker = new Worker(new URL('./purchase-load-worker.mjs', import.meta.url), { workerData: { url, token, count, concurrency, warmup } });
  return new Promise<PurchaseLoad>((resolve, reject) => {
    worker.on('message', (m: { warm?: true; perSecond: number; p50: number; p99: number; processCpuMs: number; clientCpuMs: number; pidsCpuMs: number }) => {
      if (m.warm) {
        (pids ? pids() : Promise.resolve([])).then((list) => worker.postMessage({ pids: list }), reject);
        return;
      }
      resolve({ perSecond: m.perSecond, p50: m.p50, p99: m.p99, appCpuMs: (m.processCpuMs - m.clientCpuMs) / count, clientCpuMs: m.clientCpuMs / count, otherCpuMs: m.pidsCpuMs / count });
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`purchase load worker exited with ${code}`)));
  });
}
