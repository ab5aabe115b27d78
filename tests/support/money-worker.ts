/**
 * A second API process for the concurrency tests: builds the real server on the database
 * named by the environment (`DATABASE_URL` for PostgreSQL, else SQLite under `DATA_DIR`),
 * with a fixed clock (`WORKER_CLOCK_MS`), listens on a random local port and prints
 * `LISTENING <port>`. Stops on SIGTERM or when stdin closes.
 * Run: `node --import tsx tests/support/money-worker.ts`.
 */
import { ManualClock } from '../../src/server/clock.js';
import { loadConfig } from '../../src/server/config.js';
import { buildServer } from '../../src/server/app.js';

const server = await buildServer(loadConfig(process.env), { clock: new ManualClock(Number(process.env.WORKER_CLOCK_MS)), logger: false });
await server.app.listen({ host: '127.0.0.1', port: 0 });
const address = server.app.server.address();
process.stdout.write(`LISTENING ${typeof address === 'object' && address ? address.port : 0}\n`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();
