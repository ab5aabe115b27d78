/**
 * IPO settings, read from the environment by `loadConfig`:
 *
 * | variable | default | meaning |
 * |---|---|---|
 * | `IPO_REQUIRES_IDENTITY` | `1` | `0` lets investors apply without an approved identity (like `WITHDRAWAL_REQUIRES_IDENTITY`) |
 * | `IPO_JOB_INTERVAL_MS` | `1000` | how often the allotment/listing job runs (running clocks only) |
 * | `IPO_RETAIL_MAX_AMOUNT` | `200000` | rupees: a bid up to this amount (lots × lot size × bid price, cut-off at the band's upper end) is retail, above it HNI |
 * | `IPO_RETAIL_PERCENT` | `35` | percent of a new issue's offer reserved for retail bids (the rest for HNI) |
 */

/** The IPO section of the server configuration. */
export interface IpoConfig {
  requiresIdentity: boolean;
  jobIntervalMs: number;
  /** Largest retail bid, INR minor units (paise). */
  retailMaxAmountMinor: number;
  /** Percent (0–100) of the offer reserved for retail bids, fixed on each issue when it is created. */
  retailPercent: number;
}

/**
 * Reads the IPO settings.
 * @throws Error for a job interval that is not a positive integer, a retail limit that is not a
 *   positive whole number of rupees, or a retail percent outside 0–100.
 */
export function loadIpoConfig(env: NodeJS.ProcessEnv): IpoConfig {
  const interval = Number(env.IPO_JOB_INTERVAL_MS ?? 1000);
  if (!Number.isInteger(interval) || interval <= 0) throw new Error('IPO_JOB_INTERVAL_MS must be a positive integer');
  const retailMax = Number(env.IPO_RETAIL_MAX_AMOUNT ?? 200_000);
  if (!Number.isSafeInteger(retailMax * 100) || retailMax <= 0) throw new Error('IPO_RETAIL_MAX_AMOUNT must be a positive whole number of rupees');
  const retailPercent = Number(env.IPO_RETAIL_PERCENT ?? 35);
  if (!Number.isInteger(retailPercent) || retailPercent < 0 || retailPercent > 100) throw new Error('IPO_RETAIL_PERCENT must be an integer from 0 to 100');
  return {
    requiresIdentity: !['0', 'off', 'false'].includes(String(env.IPO_REQUIRES_IDENTITY ?? '1').toLowerCase()),
    jobIntervalMs: interval,
    retailMaxAmountMinor: retailMax * 100,
    retailPercent,
  };
}
