/**
 * Intl formatters made once per locale and options, then reused. Making one is the expensive
 * part (ICU loads the locale's data; a `timeZone` adds the zone's rules): a quote row or the
 * quote header formats its time on every tick, and on a phone a fresh `Intl.DateTimeFormat` per
 * call was a visible share of each render (issue 13, /marketDetails' first render).
 */
import { INDIA_TIME_ZONE } from '../../src/shared/india-time';

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const relativeTimeFormats = new Map<string, Intl.RelativeTimeFormat>();

function cached<F>(cache: Map<string, F>, locale: string, options: object, make: () => F): F {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

/** The shared `Intl.NumberFormat` for a BCP 47 locale and options. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}

/** The shared `Intl.DateTimeFormat` for a locale and options, always in India time (Asia/Kolkata). */
export function indiaDateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(dateTimeFormats, locale, options, () => new Intl.DateTimeFormat(locale, { ...options, timeZone: INDIA_TIME_ZONE }));
}

/** The shared `Intl.RelativeTimeFormat` for a locale and options. */
export function relativeTimeFormat(locale: string, options: Intl.RelativeTimeFormatOptions): Intl.RelativeTimeFormat {
  return cached(relativeTimeFormats, locale, options, () => new Intl.RelativeTimeFormat(locale, options));
}
