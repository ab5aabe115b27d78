/**
 * India time, once. India Standard Time is UTC+05:30 all year (no daylight saving),
 * so every conversion is a constant shift; Intl formatting uses {@link INDIA_TIME_ZONE}.
 * Isomorphic: the server (windows, markets, locks), the shared rules and the renderer's
 * formatters all read India time from here. Instants are epoch milliseconds (UTC); days are
 * India calendar dates `YYYY-MM-DD`; the app runs on India time (docs/product.md, Audience and languages).
 */

import { cachedFormat } from './intl-cache.js';

/** India Standard Time offset from UTC, in milliseconds (19 800 000). */
export const INDIA_OFFSET_MS = 5.5 * 3_600_000;

/** India Standard Time offset from UTC, in seconds (19 800), e.g. for chart time axes. */
export const INDIA_OFFSET_S = INDIA_OFFSET_MS / 1000;

/** IANA name of India's zone, for `Intl.DateTimeFormat`'s `timeZone`. */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';

const indiaDateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The shared `Intl.DateTimeFormat` for a BCP 47 locale and options, always in India time
 * ({@link INDIA_TIME_ZONE}); made once per locale and options (`formatClock` made one
 * per call, on every tick).
 */
export function indiaDateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cachedFormat(indiaDateTimeFormats, locale, options, () => new Intl.DateTimeFormat(locale, { ...options, timeZone: INDIA_TIME_ZONE }));
}

/** One calendar day in milliseconds. */
export const DAY_MS = 86_400_000;

/** Where an instant falls in India time. */
export interface IndiaInstant {
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** Milliseconds since India midnight. */
  msOfDay: number;
  /** `YYYY-MM-DD` in India. */
  date: string;
}

/** The India-time calendar position of an epoch-millisecond instant. */
export function indiaInstant(epochMs: number): IndiaInstant {
  const shifted = epochMs + INDIA_OFFSET_MS;
  const msOfDay = ((shifted % DAY_MS) + DAY_MS) % DAY_MS;
  const day = new Date(shifted - msOfDay);
  return { weekday: day.getUTCDay(), msOfDay, date: day.toISOString().slice(0, 10) };
}

/** The India calendar date of an instant, e.g. `2026-11-23`. */
export function indiaDay(epochMs: number): string {
  return new Date(epochMs + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD HH:MM` India time of an instant (dates and times inside messages). */
export function indiaDateTime(epochMs: number): string {
  return new Date(epochMs + INDIA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/** The instant of India midnight starting `day` (`YYYY-MM-DD`). */
export function indiaMidnight(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - INDIA_OFFSET_MS;
}

/**
 * An epoch-millisecond instant given as India wall-clock time (tests, seeds, CSV dates).
 * @param month 1–12.
 */
export function indiaTime(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): number {
  return Date.UTC(year, month - 1, day, hour, minute, second, ms) - INDIA_OFFSET_MS;
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
 * The instant of an ISO 8601 date-time as forms send it: `YYYY-MM-DDTHH:MM[:SS]` without an
 * offset is India time; with `Z` or an offset it is taken as written. Null when unreadable or
 * not a real calendar date and time (month 1–12, day within the month, 00:00–23:59).
 * @returns epoch ms, or null.
 */
export function parseIndiaDateTime(text: string): number | null {
  const fields = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(text);
  if (!fields) return null;
  const [year, month, day, hour, minute] = fields.slice(1).map(Number) as [number, number, number, number, number];
  // A real calendar date and time: Date.parse would roll 2026-02-30 over into March.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth || hour > 23 || minute > 59) return null;
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/.test(text);
  const parsed = Date.parse(hasZone ? text : `${text}+05:30`);
  return Number.isFinite(parsed) ? parsed : null;
}
