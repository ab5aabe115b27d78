/**
 * The basket models: small, transparent cross-sectional
 * rankings over daily closes, fitted and backtested here from the data — nothing typed in.
 *
 * - `momentum`: score = the return over the last L trading days, skipping the most recent
 *   `skip` days (the classic "12-1" momentum, here with L ∈ candidates chosen on the training
 *   window). Highest scores first.
 * - `lowVolatility`: score = −(standard deviation of daily log returns over the last L days).
 *   Calmest stocks first.
 *
 * Backtest: every `holdDays` trading days buy the top `picks` symbols in equal weights and hold
 * them (buy-and-hold inside the period, valued daily). The rebalance periods are split in time:
 * the first `trainFraction` choose L (the best CAGR), the rest is out of sample and gives the
 * published figures — CAGR, maximum drawdown, hit rate (share of picks whose period return beat
 * NIFTY 50's) and NIFTY 50's CAGR over the same days. No costs are modelled; past results do
 * not promise future ones. Pure functions: the same data give the same figures.
 */

/** One daily close (minor units or any positive price) on an India date `YYYY-MM-DD`. */
export interface DailyClose {
  day: string;
  close: number;
}

/** The data a model is fitted on. */
export interface ModelData {
  stocks: ReadonlyMap<string, readonly DailyClose[]>;
  /** NIFTY 50 closes. */
  benchmark: readonly DailyClose[];
}

/** A model's settings. */
export interface ModelSpec {
  kind: 'momentum' | 'lowVolatility';
  /** Candidate lookbacks in trading days; the training window picks one. */
  lookbacks: number[];
  /** Most recent days left out of the momentum return. */
  skip: number;
  holdDays: number;
  picks: number;
  /** Share of rebalance periods used for choosing the lookback (0 < x < 1). */
  trainFraction: number;
}

/** Out-of-sample backtest figures (fractions: 0.12 = 12 %). */
export interface Backtest {
  from: string;
  to: string;
  cagr: number;
  maxDrawdown: number;
  hitRate: number;
  benchmarkCagr: number;
  benchmarkMaxDrawdown: number;
  /** Rebalance periods in the test window. */
  periods: number;
  /** Annualized volatility of the strategy's daily returns in the test window. */
  volatility: number;
}

/** One recommended symbol. */
export interface Pick {
  symbol: string;
  /** Basis points; the picks add up to 10 000. */
  weightBp: number;
  /** The feature value behind the pick (momentum: return; lowVolatility: annualized volatility). */
  feature: number;
}

/** A fitted model. */
export interface Fit {
  kind: ModelSpec['kind'];
  lookback: number;
  skip: number;
  holdDays: number;
  /** Last day of data the picks are ranked on. */
  asOf: string;
  training: { from: string; to: string; cagrByLookback: Record<string, number> };
  backtest: Backtest;
  picks: Pick[];
}

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Closes aligned to `days`, carried forward over gaps; NaN before a symbol's first close. */
export function align(series: readonly DailyClose[], days: readonly string[]): Float64Array {
  const out = new Float64Array(days.length).fill(Number.NaN);
  let j = 0;
  let last = Number.NaN;
  for (let i = 0; i < days.length; i++) {
    while (j < series.length && series[j]!.day <= days[i]!) last = series[j++]!.close;
    out[i] = last;
  }
  return out;
}

/** The model's score of one aligned series at index t (NaN when there is not enough history). */
export function score(kind: ModelSpec['kind'], closes: Float64Array, t: number, lookback: number, skip: number): number {
  if (t - lookback < 0) return Number.NaN;
  if (kind === 'momentum') return closes[t - skip]! / closes[t - lookback]! - 1;
  let sum = 0;
  let sq = 0;
  for (let i = t - lookback + 1; i <= t; i++) {
    const r = Math.log(closes[i]! / closes[i - 1]!);
    sum += r;
    sq += r * r;
  }
  const mean = sum / lookback;
  return -Math.sqrt(Math.max(0, sq / lookback - mean * mean));
}

/** The top `n` symbols by score at t (ties: symbol order). */
function rank(kind: ModelSpec['kind'], aligned: Map<string, Float64Array>, t: number, lookback: number, skip: number, n: number) {
  const scored: Array<{ symbol: string; s: number }> = [];
  for (const [symbol, closes] of aligned) {
    const s = score(kind, closes, t, lookback, skip);
    if (Number.isFinite(s)) scored.push({ symbol, s });
  }
  scored.sort((a, b) => b.s - a.s || (a.symbol < b.symbol ? -1 : 1));
  return scored.slice(0, n);
}

/** Compound annual growth between two values over calendar days. */
export function cagr(start: number, end: number, fromDay: string, toDay: string): number {
  const years = (dayMs(toDay) - dayMs(fromDay)) / DAY_MS / 365.25;
  return years > 0 ? (end / start) ** (1 / years) - 1 : 0;
}

/** Largest peak-to-trough fall of a value series, as a fraction. */
export function maxDrawdown(values: readonly number[]): number {
  let peak = Number.NEGATIVE_INFINITY;
  let worst = 0;
  for (const v of values) {
    peak = Math.max(peak, v);
    worst = Math.max(worst, 1 - v / peak);
  }
  return worst;
}

interface Period {
  start: number;
  end: number;
  picks: string[];
  /** Portfolio value relative to the period start for each day start+1 … end. */
  path: number[];
  hits: number;
}

function periods(kind: ModelSpec['kind'], aligned: Map<string, Float64Array>, bench: Float64Array, start: number, last: number, lookback: number, spec: ModelSpec): Period[] {
  const out: Period[] = [];
  for (let t = start; t < last; t += spec.holdDays) {
    const end = Math.min(t + spec.holdDays, last);
    const picks = rank(kind, aligned, t, lookback, spec.skip, spec.picks).map((p) => p.symbol);
    if (!picks.length) continue;
    const path: number[] = [];
    for (let d = t + 1; d <= end; d++) path.push(picks.reduce((sum, s) => sum + aligned.get(s)![d]! / aligned.get(s)![t]!, 0) / picks.length);
    const benchReturn = bench[end]! / bench[t]! - 1;
    const hits = picks.filter((s) => aligned.get(s)![end]! / aligned.get(s)![t]! - 1 > benchReturn).length;
    out.push({ start: t, end, picks, path, hits });
  }
  return out;
}

function chain(list: Period[]): number[] {
  const values: number[] = [1];
  for (const p of list) {
    const base = values.at(-1)!;
    for (const v of p.path) values.push(base * v);
  }
  return values;
}

/**
 * Fits a model on the data: chooses the lookback on the training periods, reports the
 * out-of-sample backtest and ranks today's picks.
 * @throws Error when the data are too short for the longest lookback and two test periods.
 */
export function fit(data: ModelData, spec: ModelSpec): Fit {
  const stockDays = [...new Set([...data.stocks.values()].flatMap((s) => s.map((c) => c.day)))].sort();
  const benchFirst = data.benchmark[0]?.day ?? '9999';
  const benchLast = data.benchmark.at(-1)?.day ?? '0000';
  const days = stockDays.filter((d) => d >= benchFirst && d <= benchLast);
  const maxLookback = Math.max(...spec.lookbacks);
  if (days.length < maxLookback + 3 * spec.holdDays) throw new Error('not enough history for the model');
  const aligned = new Map<string, Float64Array>();
  for (const [symbol, series] of data.stocks) aligned.set(symbol, align(series, days));
  const bench = align(data.benchmark, days);
  const last = days.length - 1;

  const byLookback = new Map(spec.lookbacks.map((l) => [l, periods(spec.kind, aligned, bench, maxLookback, last, l, spec)]));
  const count = byLookback.get(spec.lookbacks[0]!)!.length;
  const split = Math.min(count - 1, Math.max(1, Math.floor(count * spec.trainFraction)));
  const trainFrom = days[maxLookback]!;
  const trainTo = days[byLookback.get(spec.lookbacks[0]!)![split - 1]!.end]!;
  const cagrByLookback: Record<string, number> = {};
  let lookback = spec.lookbacks[0]!;
  let best = Number.NEGATIVE_INFINITY;
  for (const l of [...spec.lookbacks].sort((a, b) => a - b)) {
    const values = chain(byLookback.get(l)!.slice(0, split));
    const c = cagr(1, values.at(-1)!, trainFrom, trainTo);
    cagrByLookback[String(l)] = c;
    if (c > best) {
      best = c;
      lookback = l;
    }
  }

  const test = byLookback.get(lookback)!.slice(split);
  const values = chain(test);
  const from = days[test[0]!.start]!;
  const to = days[test.at(-1)!.end]!;
  const benchValues: number[] = [];
  for (let d = test[0]!.start; d <= test.at(-1)!.end; d++) benchValues.push(bench[d]! / bench[test[0]!.start]!);
  const returns = values.slice(1).map((v, i) => Math.log(v / values[i]!));
  const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
  const variance = returns.reduce((a, b) => a + (b - mean) ** 2, 0) / returns.length;
  const picks = test.reduce((n, p) => n + p.picks.length, 0);

  // Today's picks on the full stock calendar (data after the benchmark's end included).
  const fullAligned = new Map<string, Float64Array>();
  for (const [symbol, series] of data.stocks) fullAligned.set(symbol, align(series, stockDays));
  const now = rank(spec.kind, fullAligned, stockDays.length - 1, lookback, spec.skip, spec.picks);
  const share = Math.floor(10_000 / now.length);
  return {
    kind: spec.kind,
    lookback,
    skip: spec.kind === 'momentum' ? spec.skip : 0,
    holdDays: spec.holdDays,
    asOf: stockDays.at(-1)!,
    training: { from: trainFrom, to: trainTo, cagrByLookback },
    backtest: {
      from, to, cagr: cagr(1, values.at(-1)!, from, to), maxDrawdown: maxDrawdown(values), hitRate: picks ? test.reduce((n, p) => n + p.hits, 0) / picks : 0,
      benchmarkCagr: cagr(1, benchValues.at(-1)!, from, to), benchmarkMaxDrawdown: maxDrawdown(benchValues), periods: test.length, volatility: Math.sqrt(variance * 252),
    },
    picks: now.map((p, i) => ({ symbol: p.symbol, weightBp: share + (i === 0 ? 10_000 - share * now.length : 0), feature: spec.kind === 'momentum' ? p.s : -p.s * Math.sqrt(252) })),
  };
}

/** The two published models. */
export const MODEL_SPECS: Record<'momentum' | 'lowVolatility', ModelSpec> = {
  momentum: { kind: 'momentum', lookbacks: [63, 126, 252], skip: 21, holdDays: 21, picks: 5, trainFraction: 0.6 },
  lowVolatility: { kind: 'lowVolatility', lookbacks: [63, 126, 252], skip: 0, holdDays: 21, picks: 5, trainFraction: 0.6 },
};
