/**
 * A server for a bench: `buildServer`, then its start-up job passes (the AI baskets' refit
 * reads years of daily bars) finished, so nothing a bench measures shares the CPU with them.
 */
import { buildServer } from '../../src/server/app.js';

/** The built server once its start-up passes are done; same arguments as `buildServer`. */
export async function startBenchServer(...args: Parameters<typeof buildServer>): Promise<Awaited<ReturnType<typeof buildServer>>> {
  const server = await buildServer(...args);
  await server.jobs.started;
  return server;
}
