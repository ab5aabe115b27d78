/**
 * The NSE session calendar: 09:15–15:30 India time on weekdays that are not
 * holidays; the derived holiday list matches the real data.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SessionCalendar, openSecondsBetween } from '../../src/server/market/calendar';
import { indiaDay } from '../../src/shared/india-time';
import { masterHolidays } from '../../src/server/market/instruments';

const calendar = new SessionCalendar(masterHolidays());
const ist = (day: string, time: string) => Date.parse(`${day}T${time}+05:30`);
const DATA = path.resolve(__dirname, '../../../shared/data/nse');

describe('NSE session calendar', () => {
  it('is open from 09:15 to 15:30 India time on weekdays', () => {
    expect(calendar.isOpen(ist('2026-11-23', '09:14:59'))).toBe(false);
    expect(calendar.isOpen(ist('2026-11-23', '09:15:00'))).toBe(true);
    expect(calendar.isOpen(ist('2026-11-23', '15:29:59'))).toBe(true);
    expect(calendar.isOpen(ist('2026-11-23', '15:30:00'))).toBe(false);
    expect(calendar.isOpen(ist('2026-11-21', '11:00:00'))).toBe(false); // Saturday
    expect(calendar.isOpen(ist('2026-11-22', '11:00:00'))).toBe(false); // Sunday
  });

  it('knows holidays and reports the next open', () => {
    expect(calendar.isTradingDay('2025-10-21')).toBe(false); // Diwali
    expect(calendar.isTradingDay('2025-12-25')).toBe(false);
    expect(calendar.isOpen(ist('2025-12-25', '10:00:00'))).toBe(false);
    const state = calendar.state(ist('2026-11-20', '16:00:00')); // Friday after the close
    expect(state).toMatchObject({ open: false, day: '2026-11-20', nextOpen: ist('2026-11-23', '09:15:00') });
    expect(calendar.state(ist('2026-11-23', '10:00:00'))).toMatchObject({ open: true, closesAt: ist('2026-11-23', '15:30:00') });
    expect(calendar.previousTradingDay('2026-11-23')).toBe('2026-11-20');
  });

  it('counts session seconds between instants', () => {
    expect(openSecondsBetween(calendar, ist('2026-11-23', '09:15:00'), ist('2026-11-23', '09:15:10'))).toBe(10);
    expect(openSecondsBetween(calendar, ist('2026-11-23', '09:00:00'), ist('2026-11-23', '09:15:10'))).toBe(11);
    expect(openSecondsBetween(calendar, ist('2026-11-20', '15:00:00'), ist('2026-11-23', '09:16:00'))).toBe(30 * 60 - 1 + 61);
    expect(indiaDay(ist('2026-11-23', '00:10:00'))).toBe('2026-11-23');
  });

  it.skipIf(!fs.existsSync(DATA))('has no derived holiday on which the real data traded (needs ../shared/data/nse)', () => {
    const days = new Set(
      fs.readFileSync(path.join(DATA, 'Historical-Data/RELIANCE_2020-10-01_to_2025-09-30.csv'), 'utf8').split('\n').slice(1).map((line) => line.slice(0, 10)),
    );
    for (const holiday of masterHolidays()) expect(days.has(holiday), holiday).toBe(false);
    for (const day of [...days].filter(Boolean)) {
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
      if (weekday !== 0 && weekday !== 6) expect(calendar.isTradingDay(day), day).toBe(true);
    }
  });
});
