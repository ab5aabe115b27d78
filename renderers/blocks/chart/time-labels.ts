/**
 * The chart's dates and times in the screen's language (Intl), in India time: the crosshair's
 * label and the time axis' tick marks of lightweight-charts, which otherwise writes English
 * month names (`26 Nov '26`) whatever the language. Chart times are India wall-clock seconds
 * (epoch seconds + {@link INDIA_OFFSET_S}, see `InteractiveChart`); these turn them back into
 * instants and format those in India time.
 */
import { INDIA_OFFSET_S, indiaDateTimeFormat } from '../../../src/shared/india-time';

/** lightweight-charts' `TickMarkType` values (the library's enum, without importing it here). */
export const TICK_MARK = { year: 0, month: 1, dayOfMonth: 2, time: 3, timeWithSeconds: 4 } as const;

/** A chart time (India wall-clock epoch seconds) → the instant in epoch ms; not a number: null. */
function instantOf(time: unknown): number | null {
  return typeof time === 'number' && Number.isFinite(time) ? (time - INDIA_OFFSET_S) * 1000 : null;
}

/**
 * The crosshair's label for a bar time: `26. Nov. 2026, 10:15` (de), `Nov 26, 2026, 10:15 AM` (en)
 * for intraday bars; the date only (`26. Nov. 2026`) for daily bars.
 * @param locale BCP 47 tag of the screen's language (`de`, `en`, `hi`, `zh-CN`).
 * @param intraday whether the bars are shorter than a day (minutes, hours).
 */
export function crosshairTimeFormatter(locale: string, intraday: boolean): (time: unknown) => string {
  const format = indiaDateTimeFormat(locale, intraday
    ? { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }
    : { day: 'numeric', month: 'short', year: 'numeric' });
  return (time) => {
    const ms = instantOf(time);
    return ms === null ? String(time) : format.format(ms);
  };
}

/**
 * The time axis' tick mark label by its kind (lightweight-charts `tickMarkFormatter`): the year
 * (`2026`), a month (`Nov`), a day (`26. Nov.` / `26 Nov`), a time (`10:15`).
 * @param locale BCP 47 tag of the screen's language.
 */
export function tickMarkFormatter(locale: string): (time: unknown, type: number) => string {
  const formats: Record<number, Intl.DateTimeFormatOptions> = {
    [TICK_MARK.year]: { year: 'numeric' },
    [TICK_MARK.month]: { month: 'short' },
    [TICK_MARK.dayOfMonth]: { day: 'numeric', month: 'short' },
    [TICK_MARK.time]: { hour: '2-digit', minute: '2-digit' },
    [TICK_MARK.timeWithSeconds]: { hour: '2-digit', minute: '2-digit', second: '2-digit' },
  };
  return (time, type) => {
    const ms = instantOf(time);
    if (ms === null) return String(time);
    return indiaDateTimeFormat(locale, formats[type] ?? formats[TICK_MARK.dayOfMonth]!).format(ms);
  };
}

/** Whether bars are intraday: two consecutive bars less than a day apart (one bar: intraday). */
export function isIntraday(bars: ReadonlyArray<{ t: number }>): boolean {
  if (bars.length < 2) return true;
  return bars[1]!.t - bars[0]!.t < 86_400_000;
}
