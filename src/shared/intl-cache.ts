/**
 * Intl formatters made once per locale and options, then reused, in the browser and on the
 * server. Making one is the expensive part (ICU loads the locale's data; a `timeZone` adds the
 * zone's rules): a quote row or the quote header formats its time on every tick, and on a phone
 * a fresh `Intl.DateTimeFormat` per call would be a visible share of each render
 * (/marketDetails' first render above all). India-time date formats: `indiaDateTimeFormat` in `india-time.ts`.
 */

const numberFormats = new Map<string, Intl.NumberFormat>();
const relativeTimeFormats = new Map<string, Intl.RelativeTimeFormat>();

/**
 * The formatter of `cache` for `locale` and `options`, made by `make` the first time.
 * @param options part of the key (as JSON), so equal options in another object find the same one.
 */
export function cachedFormat<F>(cache: Map<string, F>, locale: string, options: object, make: () => F): F {
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
  return cachedFormat(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}

/** The shared `Intl.RelativeTimeFormat` for a locale and options. */
export function relativeTimeFormat(locale: string, options: Intl.RelativeTimeFormatOptions): Intl.RelativeTimeFormat {
  return cachedFormat(relativeTimeFormats, locale, options, () => new Intl.RelativeTimeFormat(locale, options));
}
