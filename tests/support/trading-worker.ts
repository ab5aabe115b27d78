/**
 * A separate API process for the trading crash test: the real server on the
 * database named by the environment, with a clock that runs at real speed on a timeline
 * shared across restarts — `now = WORKER_CLOCK_START + (Date.now() − WORKER_WALL_ANCHOR)` —
 * so its feed ticks, its tick recorder records and its settler runs in the background.
 * Prints `LISTENING <port>`; stops on SIGTERM (the test kills it with SIGKILL to crash it).
 * Run: `node --import tsx tests/support/trading-worker.ts`.
 */
import { loadConfig } from '../../src/server/config.js';
import { buildServer } from '../../src/server/app.js';

const start = Number(process.env.WORKER_CLOCK_START);
const anchor = Number(process.env.WORKER_WALL_ANCHOR);
const server = await buildServer(loadConfig(process.env), { clock: { now: () => start + (Date.now() - anchor) }, logger: false });
await server.app.listen({ host: '127.0.0.1', port: 0 });
const address = server.app.server.address();
process.stdout.write(`LISTENING ${typeof address === 'object' && address ? address.port : 0}\n`);

process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
