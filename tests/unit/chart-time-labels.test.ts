/**
 * The chart's dates in the screen's language (renderers/blocks/chart/time-labels.ts): the
 * crosshair label and the axis tick marks through Intl in India time, never the library's
 * English `26 Nov '26`.
 */
import { describe, expect, it } from 'vitest';
import { crosshairTimeFormatter, isIntraday, tickMarkFormatter, TICK_MARK } from '../../renderers/blocks/chart/time-labels';
import { INDIA_OFFSET_S, indiaTime } from '../../src/shared/india-time';

// 26 Nov 2026, 10:15 India time, as the chart holds it (India wall-clock seconds).
const chartTime = indiaTime(2026, 11, 26, 10, 15) / 1000 + INDIA_OFFSET_S;

describe('chart time labels', () => {
  it('the crosshair shows date and time of intraday bars in the language, the date of daily bars', () => {
    expect(crosshairTimeFormatter('de', true)(chartTime)).toBe('26. Nov. 2026, 10:15');
    expect(crosshairTimeFormatter('en', true)(chartTime)).toBe('Nov 26, 2026, 10:15 AM');
    expect(crosshairTimeFormatter('de', false)(chartTime)).toBe('26. Nov. 2026');
    expect(crosshairTimeFormatter('zh-CN', false)(chartTime)).toBe('2026年11月26日');
    expect(crosshairTimeFormatter('de', true)(chartTime)).not.toContain("'");
  });

  it('tick marks: year, month, day and time in the language', () => {
    const tick = tickMarkFormatter('de');
    expect(tick(chartTime, TICK_MARK.year)).toBe('2026');
    expect(tick(chartTime, TICK_MARK.month)).toBe('Nov');
    expect(tick(chartTime, TICK_MARK.dayOfMonth)).toBe('26. Nov.');
    expect(tick(chartTime, TICK_MARK.time)).toBe('10:15');
    expect(tickMarkFormatter('en')(chartTime, TICK_MARK.dayOfMonth)).toBe('Nov 26');
    expect(tickMarkFormatter('hi')(chartTime, TICK_MARK.dayOfMonth)).toBe('26 नव॰');
  });

  it('tells intraday bars from daily ones', () => {
    expect(isIntraday([{ t: 0 }, { t: 60_000 }])).toBe(true);
    expect(isIntraday([{ t: 0 }, { t: 86_400_000 }])).toBe(false);
  });
});
