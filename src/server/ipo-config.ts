/**
 * IPO settings, read from the environment by `loadConfig`:
 *
 * | variable | default | meaning |
 * |---|---|---|
 * | `IPO_REQUIRES_IDENTITY` | `1` | `0` lets investors apply without an approved identity (like `WITHDRAWAL_REQUIRES_IDENTITY`) |
 * | `IPO_JOB_INTERVAL_MS` | `1000` | how often the allotment/listing job runs (running clocks only) |
 */

/** The IPO section of the server configuration. */
export interface IpoConfig {
  requiresIdentity: boolean;
  jobIntervalMs: number;
}

/**
 * Reads the IPO settings.
 * @throws Error for a job interval that is not a positive integer.
 */
export function loadIpoConfig(env: NodeJS.ProcessEnv): IpoConfig {
  const interval = Number(env.IPO_JOB_INTERVAL_MS ?? 1000);
  if (!Number.isInteger(interval) || interval <= 0) throw new Error('IPO_JOB_INTERVAL_MS must be a positive integer');
  return { requiresIdentity: !['0', 'off', 'false'].includes(String(env.IPO_REQUIRES_IDENTITY ?? '1').toLowerCase()), jobIntervalMs: interval };
}
