/** See stats.mjs: nearest-rank percentile of `values` at `fraction` (0..1); NaN when empty. */
export function percentile(values: readonly number[], fraction: number): number;
