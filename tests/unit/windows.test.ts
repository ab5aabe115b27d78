/**
 * India-time windows (docs/product.md, Money windows; `src/shared/windows.ts`): start inclusive, end
 * exclusive, weekdays by the India calendar, months in India time, and the configuration's
 * window strings.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INDIA_OFFSET_MS, indiaInstant, indiaMonthRange, indiaTime } from '../../src/shared/india-time';
import { isWithinWindow, nextWindowOpening, parseClockTime, parseWindow } from '../../src/shared/windows';

const deposit = parseWindow('09:00-22:00', false);
const withdrawal = parseWindow('09:30-17:30', true);

describe('isWithinWindow', () => {
  it.each([
    ['08:59:59.999', indiaTime(2026, 11, 24, 8, 59, 59, 999), false],
    ['09:00', indiaTime(2026, 11, 24, 9, 0), true],
    ['21:59:59.999', indiaTime(2026, 11, 24, 21, 59, 59, 999), true],
    ['22:00', indiaTime(2026, 11, 24, 22, 0), false],
    ['00:00', indiaTime(2026, 11, 24, 0, 0), false],
  ])('deposit window at %s India time → %s', (_label, instant, open) => {
    expect(isWithinWindow(deposit, instant)).toBe(open);
  });

  it.each([
    ['Mon 09:29:59', indiaTime(2026, 11, 23, 9, 29, 59), false],
    ['Mon 09:30', indiaTime(2026, 11, 23, 9, 30), true],
    ['Fri 17:29:59', indiaTime(2026, 11, 27, 17, 29, 59), true],
    ['Fri 17:30', indiaTime(2026, 11, 27, 17, 30), false],
    ['Sat 12:00', indiaTime(2026, 11, 28, 12, 0), false],
    ['Sun 12:00', indiaTime(2026, 11, 29, 12, 0), false],
  ])('withdrawal window on %s → %s', (_label, instant, open) => {
    expect(isWithinWindow(withdrawal, instant)).toBe(open);
  });

  it('reads the weekday in India, not in UTC', () => {
    // Friday 20:00 UTC is Saturday 01:30 in India; Sunday 22:00 UTC is Monday 03:30.
    expect(indiaInstant(Date.UTC(2026, 10, 27, 20, 0)).weekday).toBe(6);
    expect(indiaInstant(Date.UTC(2026, 10, 29, 22, 0)).weekday).toBe(1);
    expect(indiaInstant(Date.UTC(2026, 10, 29, 22, 0)).date).toBe('2026-11-30');
  });

  it('agrees with Intl for Asia/Kolkata at any instant', () => {
    const format = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', second: '2-digit', weekday: 'short', hourCycle: 'h23' });
    const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        const parts = Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
        const instant = indiaInstant(ms);
        expect(days[instant.weekday]).toBe(parts.weekday);
        expect(Math.floor(instant.msOfDay / 1000)).toBe(Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second));
      }),
    );
  });
});

describe('parseWindow and parseClockTime', () => {
  it('reads HH:MM-HH:MM, allows 24:00 and refuses nonsense', () => {
    expect(parseWindow('00:00-24:00', false)).toEqual({ start: '00:00', end: '24:00', weekdaysOnly: false });
    expect(parseClockTime('17:30')).toBe((17 * 60 + 30) * 60_000);
    for (const bad of ['22:00-09:00', '9:00-22:00', '09:00', '09:00-24:01', '25:00-26:00', 'x']) expect(() => parseWindow(bad, false)).toThrow(RangeError);
  });
});

describe('indiaMonthRange', () => {
  it('is the India-time calendar month as [from, to)', () => {
    const { from, to } = indiaMonthRange('2026-12');
    expect(new Date(from).toISOString()).toBe('2026-11-30T18:30:00.000Z');
    expect(new Date(to).toISOString()).toBe('2026-12-31T18:30:00.000Z');
    expect(indiaMonthRange('2027-01').from).toBe(to);
    expect(to - from).toBe(31 * 86_400_000);
    expect(() => indiaMonthRange('2026-13')).toThrow(RangeError);
    expect(INDIA_OFFSET_MS).toBe(19_800_000);
  });
});

describe('nextWindowOpening', () => {
  it.each([
    ['deposit, open', deposit, indiaTime(2026, 11, 24, 12, 0), null],
    ['deposit, before opening', deposit, indiaTime(2026, 11, 24, 8, 0), indiaTime(2026, 11, 24, 9, 0)],
    ['deposit, after closing', deposit, indiaTime(2026, 11, 24, 22, 0), indiaTime(2026, 11, 25, 9, 0)],
    ['withdrawal, Friday evening', withdrawal, indiaTime(2026, 11, 27, 18, 0), indiaTime(2026, 11, 30, 9, 30)],
    ['withdrawal, Saturday morning', withdrawal, indiaTime(2026, 11, 28, 8, 0), indiaTime(2026, 11, 30, 9, 30)],
    ['withdrawal, Monday early', withdrawal, indiaTime(2026, 11, 30, 9, 29), indiaTime(2026, 11, 30, 9, 30)],
  ])('%s', (_label, window, instant, expected) => {
    expect(nextWindowOpening(window, instant)).toBe(expected);
  });

  it('is always a moment inside the window, after the instant, within a week', () => {
    fc.assert(
      fc.property(fc.integer({ min: indiaTime(2026, 1, 1), max: indiaTime(2027, 1, 1) }), fc.boolean(), (instant, weekdays) => {
        const window = weekdays ? withdrawal : deposit;
        const opening = nextWindowOpening(window, instant);
        if (isWithinWindow(window, instant)) return opening === null;
        return opening !== null && opening > instant && opening - instant <= 7 * 86_400_000 && isWithinWindow(window, opening) && !isWithinWindow(window, opening - 1);
      }),
    );
  });
});
