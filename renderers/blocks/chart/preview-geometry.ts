/**
 * Geometry of the chart's first view: the price line drawn as SVG paths, without the
 * chart library, and the live tail that keeps 1D moving (`ChartBlock`). Pure functions; the
 * scale margins are shared with the interactive chart (`InteractiveChart`).
 */
import type { BarView } from '../../../src/shared/market';

/** Width of the preview's viewBox: x is stretched to the box (`preserveAspectRatio="none"`). */
export const PREVIEW_WIDTH = 1000;

/**
 * Share of the height kept free above the highest and below the lowest price: the interactive
 * chart's price-scale margins too, so the line does not jump when it takes over.
 */
export const SCALE_MARGINS = { top: 0.12, bottom: 0.08 } as const;

/** What the preview draws, in viewBox units (x 0…{@link PREVIEW_WIDTH}, y 0…height in CSS px). */
export interface PreviewGeometry {
  /** The closes joined by straight segments (`M … L …`). */
  line: string;
  /** The line closed down to the bottom edge, for the fill under it. */
  area: string;
  /** y of the baseline price (previous close on 1D), or null when none is given. */
  baselineY: number | null;
}

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * The paths of a line through `closes`, spread evenly over the width as the interactive chart
 * spreads its bars when it fits its content; the price scale spans the closes and the baseline.
 * @param closes prices in rupees (any unit: only their ratios matter), oldest first; empty → empty paths.
 * @param baseline a price the scale must include (the previous close on 1D), or undefined.
 * @param height the box's height in CSS px (the viewBox's height, so y is in px).
 */
export function previewGeometry(closes: readonly number[], baseline: number | undefined, height: number): PreviewGeometry {
  if (!closes.length) return { line: '', area: '', baselineY: null };
  let low = Math.min(...closes);
  let high = Math.max(...closes);
  if (baseline !== undefined) {
    low = Math.min(low, baseline);
    high = Math.max(high, baseline);
  }
  const top = height * SCALE_MARGINS.top;
  const span = height - top - height * SCALE_MARGINS.bottom;
  const y = (price: number) => round(high === low ? top + span / 2 : top + ((high - price) / (high - low)) * span);
  const step = closes.length > 1 ? PREVIEW_WIDTH / (closes.length - 1) : 0;
  const points = closes.length > 1 ? closes.map((price, i) => `${round(i * step)},${y(price)}`) : [`0,${y(closes[0]!)}`, `${PREVIEW_WIDTH},${y(closes[0]!)}`];
  const line = `M${points.join('L')}`;
  return { line, area: `${line}L${PREVIEW_WIDTH},${height}L0,${height}Z`, baselineY: baseline === undefined ? null : y(baseline) };
}

/**
 * The bars with one streamed price applied (1D follows the stream): a price within the last
 * bar's minute moves that bar (close, high, low); a price of a later minute adds a bar; an older
 * price changes nothing. Returns `bars` itself when nothing changes, so a re-render with the same
 * tick does not make a new array.
 * @param price the streamed last price (rupees); @param time its instant (ms since the epoch).
 */
export function applyTick(bars: readonly BarView[], price: number, time: number): readonly BarView[] {
  const last = bars.at(-1);
  if (!last || time < last.t) return bars;
  const minute = time - (time % 60_000);
  if (minute > last.t) return [...bars, { t: minute, o: price, h: price, l: price, c: price, v: 0 }];
  if (last.c === price && last.h >= price && last.l <= price) return bars;
  return [...bars.slice(0, -1), { ...last, h: Math.max(last.h, price), l: Math.min(last.l, price), c: price }];
}
