/**
 * Languages (docs/product.md, Audience and languages): the stored client code (`lang` in local storage), the `lang`
 * query value sent to the API, and the BCP 47 locale used for formatting and messages.
 */

/** Stored language codes. German is the default. */
export const LANGUAGES = ['DE', 'EN', 'HI', 'ZH'] as const;
export type LanguageCode = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: LanguageCode = 'DE';

/** Locale file names in `locales/`. */
export type Locale = 'de' | 'en' | 'hi' | 'zh';
export const LOCALES: readonly Locale[] = ['de', 'en', 'hi', 'zh'];

const QUERY: Record<LanguageCode, string> = { DE: 'de', EN: 'en', HI: 'hi', ZH: 'zh_CN' };

/** The `lang` query value for an API call, e.g. `ZH` → `zh_CN`. */
export function toQueryLang(code: LanguageCode): string {
  return QUERY[code];
}

/** The locale file for a stored code; unknown codes fall back to German. */
export function toLocale(code: string | null | undefined): Locale {
  const upper = String(code ?? '').toUpperCase();
  return (LANGUAGES as readonly string[]).includes(upper) ? (upper.toLowerCase() as Locale) : 'de';
}

/**
 * The locale for an API request's `lang` query (`zh_CN`, `en`, `de`, `hi`; default `de`).
 * @param query raw query value, any case; `zh`, `zh-CN` and `zh_CN` all mean Chinese.
 */
export function localeFromQuery(query: unknown): Locale {
  const value = String(query ?? '').toLowerCase().replace('-', '_');
  if (value === 'zh_cn' || value === 'zh') return 'zh';
  if (value === 'en' || value === 'hi' || value === 'de') return value;
  return 'de';
}

/** BCP 47 tag for Intl formatting. */
export function intlTag(locale: Locale): string {
  return { de: 'de-DE', en: 'en-IN', hi: 'hi-IN', zh: 'zh-CN' }[locale];
}
