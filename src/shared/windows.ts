/**
 * Business-hour windows in India time (SPEC.md §1, §9): deposits 09:00–22:00 every day,
 * withdrawals 09:30–17:30 on weekdays. India Standard Time is UTC+05:30 all year (no daylight
 * saving), so the offset is a constant. Isomorphic: the server enforces, the browser shows.
 */

/** India Standard Time offset from UTC, in milliseconds. */
export const INDIA_OFFSET_MS = 5.5 * 3_600_000;

/** IANA name of the zone the windows are read in. */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';

const DAY_MS = 86_400_000;

/** A daily window in India time. */
export interface TimeWindow {
  /** Opening time `HH:MM` (inclusive), India time. */
  start: string;
  /** Closing time `HH:MM` (exclusive), India time; `24:00` means midnight. */
  end: string;
  /** Only Monday to Friday (India calendar day). */
  weekdaysOnly: boolean;
}

/** Where an instant falls in India time. */
export interface IndiaInstant {
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** Milliseconds since India midnight. */
  msOfDay: number;
  /** `YYYY-MM-DD` in India. */
  date: string;
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

/** The India-time calendar position of an epoch-millisecond instant. */
export function indiaInstant(epochMs: number): IndiaInstant {
  const shifted = epochMs + INDIA_OFFSET_MS;
  const msOfDay = ((shifted % DAY_MS) + DAY_MS) % DAY_MS;
  const day = new Date(shifted - msOfDay);
  return { weekday: day.getUTCDay(), msOfDay, date: day.toISOString().slice(0, 10) };
}

/** Whether an instant lies inside a window (start inclusive, end exclusive, India time). */
export function isWithinWindow(window: TimeWindow, epochMs: number): boolean {
  const { weekday, msOfDay } = indiaInstant(epochMs);
  if (window.weekdaysOnly && (weekday === 0 || weekday === 6)) return false;
  return msOfDay >= parseClockTime(window.start) && msOfDay < parseClockTime(window.end);
}

/**
 * The epoch-millisecond range `[from, to)` of a calendar month in India time.
 * @param month `YYYY-MM`.
 * @throws RangeError when malformed.
 */
export function indiaMonthRange(month: string): { from: number; to: number } {
  const match = /^([0-9]{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!match) throw new RangeError(`not a month: ${month}`);
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  return { from: Date.UTC(year, index, 1) - INDIA_OFFSET_MS, to: Date.UTC(year, index + 1, 1) - INDIA_OFFSET_MS };
}

/**
 * An epoch-millisecond instant given as India wall-clock time (handy for tests and seeds).
 * @param month 1–12.
 */
export function indiaTime(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): number {
  return Date.UTC(year, month - 1, day, hour, minute, second, ms) - INDIA_OFFSET_MS;
}
