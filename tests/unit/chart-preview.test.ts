import { describe, expect, it } from 'vitest';
import { applyTick, PREVIEW_WIDTH, previewGeometry } from '../../renderers/blocks/chart/preview-geometry';
import type { BarView } from '../../src/shared/market';

const bar = (t: number, c: number): BarView => ({ t, o: c, h: c, l: c, c, v: 0 });
const points = (path: string) => path.slice(1).split('L').map((pair) => pair.split(',').map(Number) as [number, number]);

describe('the chart preview geometry', () => {
  it('spreads the closes over the width and puts the highest at the top margin, the lowest at the bottom margin', () => {
    const shape = previewGeometry([100, 110, 105], undefined, 200);
    const [a, b, c] = points(shape.line);
    expect(a).toEqual([0, 200 - 16]); // lowest: above the 8 % bottom margin
    expect(b).toEqual([500, 24]); // highest: below the 12 % top margin
    expect(c).toEqual([PREVIEW_WIDTH, 104]);
    expect(shape.area).toBe(`${shape.line}L${PREVIEW_WIDTH},200L0,200Z`);
    expect(shape.baselineY).toBeNull();
  });

  it('keeps the baseline (previous close) inside the scale', () => {
    const shape = previewGeometry([100, 110], 90, 200);
    expect(shape.baselineY).toBe(184);
    expect(points(shape.line)[0]![1]).toBeCloseTo(24 + (10 / 20) * 160, 1);
  });

  it('draws one price or a flat day as a level line across the middle', () => {
    expect(points(previewGeometry([50], undefined, 100).line)).toEqual([[0, 52], [PREVIEW_WIDTH, 52]]);
    expect(points(previewGeometry([50, 50, 50], undefined, 100).line).map(([, y]) => y)).toEqual([52, 52, 52]);
    expect(previewGeometry([], 10, 100)).toEqual({ line: '', area: '', baselineY: null });
  });
});

describe('the live tail', () => {
  const minute = 60_000;
  const bars = [bar(0, 100), bar(minute, 101)];

  it('moves the minute in progress and adds a bar for a new minute', () => {
    const moved = applyTick(bars, 103, minute + 20_000);
    expect(moved).toHaveLength(2);
    expect(moved[1]).toEqual({ t: minute, o: 101, h: 103, l: 101, c: 103, v: 0 });
    const lower = applyTick(moved, 99, minute + 40_000);
    expect(lower[1]).toEqual({ t: minute, o: 101, h: 103, l: 99, c: 99, v: 0 });
    const next = applyTick(lower, 98, 2 * minute + 5_000);
    expect(next).toHaveLength(3);
    expect(next[2]).toEqual(bar(2 * minute, 98));
    expect(bars).toHaveLength(2); // the loaded bars are never changed in place
  });

  it('returns the same array for an older tick or a tick that changes nothing', () => {
    expect(applyTick(bars, 500, minute - 1)).toBe(bars);
    expect(applyTick(bars, 101, minute + 1_000)).toBe(bars);
    expect(applyTick([], 101, minute)).toEqual([]);
  });
});
