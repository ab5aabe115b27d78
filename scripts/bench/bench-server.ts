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

/**
 * Settings a bench's demo-mode server takes from production: screen files trusted for 30 s
 * (production's default; screens change there by publishing), not stat'ed on every request.
 */
export const AS_DEPLOYED = { SCREEN_RECHECK_MS: '30000' } as const;
