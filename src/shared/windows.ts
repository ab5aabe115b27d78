/**
 * Business-hour windows in India time (docs/product.md, Money windows): deposits 09:00–22:00 every day,
 * withdrawals 09:30–17:30 on weekdays. India Standard Time is UTC+05:30 all year (no daylight
 * saving); India time itself lives in `india-time.ts`. Isomorphic: the server enforces, the
 * browser shows.
 */

import { DAY_MS, indiaInstant } from './india-time.js';

/** A daily window in India time. */
export interface TimeWindow {
  /** Opening time `HH:MM` (inclusive), India time. */
  start: string;
  /** Closing time `HH:MM` (exclusive), India time; `24:00` means midnight. */
  end: string;
  /** Only Monday to Friday (India calendar day). */
  weekdaysOnly: boolean;
}

const HHMM = /^([01][0-9]|2[0-4]):([0-5][0-9])$/;

/**
 * Milliseconds after midnight of an `HH:MM` time.
 * @throws RangeError for anything but `00:00`…`24:00`.
 */
export function parseClockTime(text: string): number {
  const match = HHMM.exec(text);
  const ms = match ? (Number(match[1]) * 60 + Number(match[2])) * 60_000 : NaN;
  if (!match || ms > DAY_MS) throw new RangeError(`not a time of day: ${text}`);
  return ms;
}

/**
 * Reads `HH:MM-HH:MM` (e.g. from configuration) into a window.
 * @throws RangeError when malformed or the end is not after the start.
 */
export function parseWindow(text: string, weekdaysOnly: boolean): TimeWindow {
  const [start = '', end = ''] = text.split('-').map((part) => part.trim());
  if (parseClockTime(end) <= parseClockTime(start)) throw new RangeError(`window ends before it starts: ${text}`);
  return { start, end, weekdaysOnly };
}

/** Whether an instant lies inside a window (start inclusive, end exclusive, India time). */
export function isWithinWindow(window: TimeWindow, epochMs: number): boolean {
  const { weekday, msOfDay } = indiaInstant(epochMs);
  if (window.weekdaysOnly && (weekday === 0 || weekday === 6)) return false;
  return msOfDay >= parseClockTime(window.start) && msOfDay < parseClockTime(window.end);
}

/**
 * When a window opens next after an instant (epoch ms), or null while it is open: today's
 * opening if still ahead, else the next day's (the next weekday's for a weekdays-only window).
 */
export function nextWindowOpening(window: TimeWindow, epochMs: number): number | null {
  if (isWithinWindow(window, epochMs)) return null;
  const { weekday, msOfDay } = indiaInstant(epochMs);
  const midnight = epochMs - msOfDay;
  const start = parseClockTime(window.start);
  for (let day = 0; day <= 7; day += 1) {
    const opening = midnight + day * DAY_MS + start;
    const dayOfWeek = (weekday + day) % 7;
    if (opening > epochMs && !(window.weekdaysOnly && (dayOfWeek === 0 || dayOfWeek === 6))) return opening;
  }
  return null;
}
