/**
 * Formatters named in layouts speak the screen's language: percentages, countdowns and rupee
 * amounts go through Intl in the locale (German percent with a no-break space, Hindi unit
 * names, one rupee format per language on every screen).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMessages } from '../../src/server/i18n';
import type { IntlShape } from 'react-intl';
import { FORMATTERS } from '../../renderers/formatters';
import { formatPrice } from '../../renderers/formatters/market';

const intl = (locale: string) => ({ locale }) as IntlShape;

describe('formatters in the screen language', () => {
  it('ratioPercent: "0,1 %" with a no-break space in German, "0.1%" in English', () => {
    expect(FORMATTERS.ratioPercent!(0.001, intl('de'))).toBe('0,1\u00a0%');
    expect(FORMATTERS.ratioPercent!(0.067, intl('en'))).toBe('6.7%');
  });

  it('remaining: countdown unit names of the language, never "min … s" in Hindi', () => {
    const ms = (2 * 60 + 52) * 1000;
    expect(FORMATTERS.remaining!(ms, intl('de'))).toBe('2 Min. 52 Sek.');
    expect(FORMATTERS.remaining!(ms, intl('en'))).toBe('2 min 52 sec');
    const hi = FORMATTERS.remaining!(ms, intl('hi'));
    expect(hi).not.toMatch(/min|\bs\b/);
    expect(hi).toContain('52');
    expect(FORMATTERS.seconds!(42, intl('en'))).toBe('42 sec');
  });

  it('inr: the market lists\' rupee format in every language', () => {
    for (const locale of ['de', 'en', 'hi', 'zh']) expect(FORMATTERS.inr!(1383.4, intl(locale))).toBe(formatPrice(1383.4, locale, 'INR'));
    expect(FORMATTERS.inr!(450, intl('de'))).toBe('450,00\u00a0₹');
    expect(FORMATTERS.inr!(1383.4, intl('en'))).toBe('₹1,383.40');
  });
});

describe('server texts in the request language', () => {
  const messages = loadMessages(path.join(process.cwd(), 'locales'));
  it('a lock refusal shows its date as screens do, in India time; a basket reason its percentage in the language', () => {
    const until = Date.UTC(2026, 10, 29, 4, 42); // 10:12 in India
    expect(messages.format('de', 'error.positionLocked', { locked: 5, symbol: 'TCS', until, free: 2 })).toContain('bis 29.11.2026, 10:12 (Indien-Zeit)');
    expect(messages.format('de', 'ai.lowVolatility.reason', { lookback: 63, skip: 0, value: 0.1493 })).toBe('Schwankung 63 Tage: 14,9\u00a0% p. a.');
    expect(messages.format('en', 'ai.lowVolatility.reason', { lookback: 63, skip: 0, value: 0.1493 })).toBe('63-day volatility: 14.9% a year');
  });
});
