/**
 * The NSE session calendar: sessions run 09:15–15:30 India time (UTC+05:30, no
 * daylight saving) on weekdays that are not exchange holidays. All times are epoch
 * milliseconds; days are India calendar dates `YYYY-MM-DD`.
 */

import { DAY_MS, indiaDay, indiaMidnight } from '../../shared/india-time.js';

/** Session open and close as milliseconds after India midnight. */
export const SESSION_OPEN_MS = (9 * 60 + 15) * 60_000;
export const SESSION_CLOSE_MS = (15 * 60 + 30) * 60_000;
/** Length of one session: 6 h 15 min. */
export const SESSION_MS = SESSION_CLOSE_MS - SESSION_OPEN_MS;

/** The India date `n` calendar days after `day` (negative goes back). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The start of the minute containing an instant. */
export const minuteStart = (epochMs: number): number => epochMs - (((epochMs % 60_000) + 60_000) % 60_000);

/** Whether the market is open at an instant, and the session bounds around it. */
export interface SessionState {
  open: boolean;
  /** India date of the instant. */
  day: string;
  /** Next session open at or after the instant (epoch ms), when closed. */
  nextOpen: number | null;
  /** Close of the running session (epoch ms), when open. */
  closesAt: number | null;
}

/** NSE trading days and sessions, with a holiday list. */
export class SessionCalendar {
  private readonly holidays: Set<string>;

  /** @param holidays India dates without a session. */
  constructor(holidays: Iterable<string> = []) {
    this.holidays = new Set(holidays);
  }

  /** Whether `day` is a weekday that is not a holiday. */
  isTradingDay(day: string): boolean {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    return weekday !== 0 && weekday !== 6 && !this.holidays.has(day);
  }

  /** Open and close instants of `day`'s session (whether or not it is a trading day). */
  sessionBounds(day: string): { open: number; close: number } {
    const midnight = indiaMidnight(day);
    return { open: midnight + SESSION_OPEN_MS, close: midnight + SESSION_CLOSE_MS };
  }

  /** Whether a session is running at an instant (open inclusive, close exclusive). */
  isOpen(epochMs: number): boolean {
    const day = indiaDay(epochMs);
    if (!this.isTradingDay(day)) return false;
    const { open, close } = this.sessionBounds(day);
    return epochMs >= open && epochMs < close;
  }

  /** The trading day on or before `day`. */
  tradingDayOnOrBefore(day: string): string {
    let d = day;
    for (let i = 0; i < 30 && !this.isTradingDay(d); i++) d = addDays(d, -1);
    return d;
  }

  /** The trading day strictly before `day`. */
  previousTradingDay(day: string): string {
    return this.tradingDayOnOrBefore(addDays(day, -1));
  }

  /** The trading day strictly after `day`. */
  nextTradingDay(day: string): string {
    let d = addDays(day, 1);
    for (let i = 0; i < 30 && !this.isTradingDay(d); i++) d = addDays(d, 1);
    return d;
  }

  /** Open/closed and the next boundary at an instant. */
  state(epochMs: number): SessionState {
    const day = indiaDay(epochMs);
    if (this.isOpen(epochMs)) return { open: true, day, nextOpen: null, closesAt: this.sessionBounds(day).close };
    const today = this.sessionBounds(day);
    const nextDay = this.isTradingDay(day) && epochMs < today.open ? day : this.nextTradingDay(day);
    return { open: false, day, nextOpen: this.sessionBounds(nextDay).open, closesAt: null };
  }

  /** The `n` most recent trading days ending on or before `day`, oldest first. */
  tradingDaysBack(day: string, n: number): string[] {
    const days: string[] = [];
    let d = this.tradingDayOnOrBefore(day);
    while (days.length < n) {
      days.push(d);
      d = this.previousTradingDay(d);
    }
    return days.reverse();
  }
}

/**
 * Seconds of session time in the half-open interval (fromMs, toMs] — how long the market
 * was open between two instants (both multiples of 1000 ms for exact results).
 */
export function openSecondsBetween(calendar: SessionCalendar, fromMs: number, toMs: number): number {
  if (toMs <= fromMs) return 0;
  if (toMs - fromMs === 1000) return calendar.isOpen(toMs) ? 1 : 0;
  let total = 0;
  for (let day = indiaDay(fromMs); day <= indiaDay(toMs); day = addDays(day, 1)) {
    if (!calendar.isTradingDay(day)) continue;
    const { open, close } = calendar.sessionBounds(day);
    // A second t counts when open <= t < close, for t in (fromMs, toMs].
    const start = Math.max(open - 1000, fromMs);
    const end = Math.min(close - 1000, toMs);
    if (end > start) total += Math.floor((end - start) / 1000);
  }
  return total;
}
