// Percentiles for the benches — one definition shared by the TypeScript benches and the plain-JS
// worker threads (which cannot import TypeScript), so every figure uses the same rule.

/**
 * The nearest-rank percentile of `values` (not modified): the value below which a `fraction`
 * (0..1) of the values lie. NaN when there are none.
 * @param {readonly number[]} values e.g. latencies in ms
 * @param {number} fraction 0.5 for p50, 0.99 for p99
 * @returns {number}
 */
export function percentile(values, fraction) {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}
