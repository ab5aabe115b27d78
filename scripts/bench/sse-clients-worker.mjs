// SSE clients for `markets.bench.ts`, in plain JavaScript so worker threads run them without a
// TypeScript loader (in the bench's main thread one loop could not keep up with 10,000 streams
// and its own queueing showed up as server lag).
// workerData: {port, clients, symbols}; messages in: 'count' | 'stop' | 'close';
// messages out: {connected: {held, seconds}} then, after 'stop', {measured: {quotes, lags, held}}.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { port, clients, symbols } = workerData;
const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
const all = [];
let quotes = 0;
let counting = false;
let lags = [];

function connectOne() {
  return new Promise((resolve) => {
    const client = { request: null, open: false };
    client.request = http.get({ host: '127.0.0.1', port, path: `/api/markets/stream?symbols=${encodeURIComponent(symbols)}`, agent }, (response) => {
      client.open = response.statusCode === 200;
      resolve();
      response.setEncoding('latin1');
      response.on('data', (chunk) => {
        if (!counting) return;
        let at = chunk.indexOf('event: quote');
        if (at < 0) return;
        // Lag of the chunk's first quote: its tick time to now (same machine clock).
        const time = /"time":(\d+)/.exec(chunk);
        if (time) lags.push(Date.now() - Number(time[1]));
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
}

const started = Date.now();
for (let i = 0; i < clients; i += 250) await Promise.all(Array.from({ length: Math.min(250, clients - i) }, connectOne));
parentPort.postMessage({ connected: { held: all.filter((c) => c.open).length, seconds: (Date.now() - started) / 1000 } });

parentPort.on('message', (message) => {
  if (message === 'count') {
    quotes = 0;
    lags = [];
    counting = true;
  } else if (message === 'stop') {
    counting = false;
    parentPort.postMessage({ measured: { quotes, lags, held: all.filter((c) => c.open).length } });
  } else if (message === 'close') {
    for (const c of all) c.request.destroy();
    agent.destroy();
    parentPort.close();
  }
});
