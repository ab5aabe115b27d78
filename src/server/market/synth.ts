/**
 * Intraday bars for days the feed did not record (before the server first ran), so the 5D
 * chart is never empty on a fresh start: a Brownian bridge from the day's open to its close,
 * stretched to touch its high and low, deterministic per (symbol, day). Used for the simulated
 * feed's generated days only; the answer says `synthetic: true`.
 */
import { roundToTick } from './gbm.js';
import { SeededDraws, hashString } from './random.js';
import type { Bar, DailyBar } from './types.js';

const draws = new SeededDraws('intraday-bridge');

/**
 * `count` bars of `intervalMs` from `startMs` that open at the day's open, close at its close
 * and reach exactly its high and low.
 * @param tickMinor rounding step (minor units).
 */
export function intradayFromDaily(symbol: string, day: DailyBar, startMs: number, intervalMs: number, count: number, tickMinor: number): Bar[] {
  const key = hashString(`${symbol}:${day.day}`);
  // Random walk with `count` steps, then pinned to 0 at both ends (bridge).
  const walk = [0];
  for (let i = 1; i <= count; i++) walk.push(walk[i - 1]! + draws.normal(key, i));
  const bridge = walk.map((w, i) => w - (walk[count]! * i) / count);
  const amplitude = Math.max(...bridge.map(Math.abs)) || 1;
  const range = Math.max(day.high - day.low, tickMinor);
  const line = bridge.map((b, i) => day.open + ((day.close - day.open) * i) / count + (b / amplitude) * range * 0.6);
  // Stretch so the extremes are the day's high and low.
  const max = Math.max(...line);
  const min = Math.min(...line);
  const top = Math.max(day.open, day.close);
  const bottom = Math.min(day.open, day.close);
  const points = line.map((p) => {
    if (p > top && max > top) return top + ((p - top) * (day.high - top)) / (max - top);
    if (p < bottom && min < bottom) return bottom - ((bottom - p) * (bottom - day.low)) / (bottom - min);
    return p;
  });
  const volumeEach = Math.round(day.volume / count);
  const bars: Bar[] = [];
  for (let i = 0; i < count; i++) {
    const open = roundToTick(points[i]!, tickMinor);
    const close = roundToTick(points[i + 1]!, tickMinor);
    bars.push({ time: startMs + i * intervalMs, open, high: Math.max(open, close), low: Math.min(open, close), close, volume: volumeEach });
  }
  // The extremes are reached at the bar ends nearest to them.
  const hi = points.indexOf(Math.max(...points));
  const lo = points.indexOf(Math.min(...points));
  const at = (index: number) => bars[Math.min(index, count - 1)]!;
  at(hi).high = Math.max(at(hi).high, day.high);
  at(lo).low = Math.min(at(lo).low, day.low);
  return bars;
}
