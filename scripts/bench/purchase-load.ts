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

/** Rate (requests/s) and latency percentiles (ms) of one load run. */
export interface PurchaseLoad {
  perSecond: number;
  p50: number;
  p99: number;
}

/**
 * Runs `warmup` purchases, then `count`, both with `concurrency` in flight; only the latter are measured. The server
 * must be listening (`server.app.listen`).
 * @throws Error when a purchase is refused (the bench measures successful purchases only).
 */
export async function purchaseLoad(server: Server, token: string, count: number, concurrency: number, warmup: number): Promise<PurchaseLoad> {
  const address = server.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/order/purchase?lang=en`;
  const worker = new Worker(new URL('./purchase-load-worker.mjs', import.meta.url), { workerData: { url, token, count, concurrency, warmup } });
  return new Promise<PurchaseLoad>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`purchase load worker exited with ${code}`)));
  });
}
