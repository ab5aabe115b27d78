/**
 * Closed-loop `order/purchase` load over HTTP (issue 14): `concurrency` requests in flight
 * until `count` have been answered, each an up/down contract of 10 currency units on
 * RELIANCE for 60 s, with the investor's bearer token. Shared by the trading and growth benches.
 */
import type { buildServer } from '../../src/server/app.js';

type Server = Awaited<ReturnType<typeof buildServer>>;

/** Rate (requests/s) and latency percentiles (ms) of one load run. */
export interface PurchaseLoad {
  perSecond: number;
  p50: number;
  p99: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/**
 * Runs `warmup` purchases one by one, then `count` with `concurrency` in flight.
 * The server must be listening (`server.app.listen`).
 * @throws Error when a purchase is refused (the bench measures successful purchases only).
 */
export async function purchaseLoad(server: Server, token: string, count: number, concurrency: number, warmup: number): Promise<PurchaseLoad> {
  const address = server.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/order/purchase?lang=en`;
  const body = JSON.stringify({ kind: 'updown', symbol: 'RELIANCE', direction: 1, amount: 10, duration: 60 });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const one = async () => {
    const t = performance.now();
    const response = await fetch(url, { method: 'POST', headers, body });
    const answer = (await response.json()) as { code: number; message: string };
    if (answer.code !== 200) throw new Error(`purchase failed: ${answer.message}`);
    return performance.now() - t;
  };
  for (let i = 0; i < warmup; i++) await one();
  const latencies: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < count) latencies.push(await one());
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: count / seconds, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) };
}
