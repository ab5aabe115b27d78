/**
 * Server-side messages: the same `locales/*.json` files the browser uses (ICU syntax), so an
 * error's text is defined once for every language. Texts published in the studio (overrides
 * of built-in ids and new ids, stored in `ui_messages`) lie on top of the files; the browser
 * loads the merged catalogue from `GET /api/ui/messages/:lang`. A text that fails to format
 * (bad syntax, a missing argument) never fails the answer that carries it: the default
 * language's built-in text is used instead and the failure is logged once per text.
 */
import fs from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { LOCALES, intlTag, type Locale } from '../shared/lang.js';

/** Formats message ids into localized text. */
export interface Messages {
  /**
   * @param locale target language; a missing id falls back to English, then to the id itself.
   * @param values ICU arguments, e.g. `{seconds: 42}`.
   */
  format(locale: Locale, id: string, values?: Record<string, string | number>): string;
  has(locale: Locale, id: string): boolean;
  /** Re-reads the locale files (run on every process when one publishes `messages`). */
  reload(): void;
  /** Replaces the published texts laid over the files (`{locale: {id: text}}`). */
  setOverrides(overrides: Partial<Record<Locale, Record<string, string>>>): void;
  /** The merged catalogue of a locale (files, then published texts). */
  catalog(locale: Locale): Readonly<Record<string, string>>;
  /** The built-in catalogue of a locale (the files only). */
  base(locale: Locale): Readonly<Record<string, string>>;
  /** Where a text that fails to format is reported (the server's logger). */
  useLog(log: FormatLog): void;
}

/** The part of a logger {@link Messages} reports formatting failures to. */
export interface FormatLog {
  warn(detail: object, message: string): void;
}

/**
 * Named formats texts may use beside ICU's own: `{at, date, indiaDateTime}` shows an epoch-ms
 * instant as date and time in India time in the text's language (`29.11.2026, 10:12` in
 * German), as the screens show dates.
 */
const MESSAGE_FORMATS = {
  date: { indiaDateTime: { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Kolkata' } },
} as const;

/** The language whose built-in text stands in for a text that fails to format. */
const FALLBACK_LOCALE: Locale = 'de';

/** Loads every locale file from `dir` once. */
export function loadMessages(dir: string): Messages {
  const files = new Map<Locale, Record<string, string>>();
  const catalogs = new Map<Locale, Record<string, string>>();
  const compiled = new Map<string, IntlMessageFormat>();
  /** Texts formatted without values (every success envelope's message), until the catalogues change. */
  const plain = new Map<string, string>();
  let overrides: Partial<Record<Locale, Record<string, string>>> = {};
  let log: FormatLog | null = null;
  const reported = new Set<string>();
  const merge = () => {
    for (const locale of LOCALES) catalogs.set(locale, { ...files.get(locale), ...overrides[locale] });
    compiled.clear();
    plain.clear();
    reported.clear();
  };
  const formatted = (key: string, source: string, locale: Locale, values?: Record<string, string | number>) => {
    let format = compiled.get(key);
    if (!format) {
      format = new IntlMessageFormat(source, intlTag(locale), MESSAGE_FORMATS);
      compiled.set(key, format);
    }
    return String(format.format(values));
  };
  const read = () => {
    for (const locale of LOCALES) {
      files.set(locale, JSON.parse(fs.readFileSync(path.join(dir, `${locale}.json`), 'utf8')));
    }
    merge();
  };
  read();
  return {
    reload: read,
    setOverrides(next) {
      overrides = next;
      merge();
    },
    catalog: (locale) => catalogs.get(locale) ?? {},
    base: (locale) => files.get(locale) ?? {},
    has: (locale, id) => id in (catalogs.get(locale) ?? {}),
    useLog(next) {
      log = next;
    },
    format(locale, id, values) {
      const kept = values === undefined ? plain.get(`${locale}\u0000${id}`) : undefined;
      if (kept !== undefined) return kept;
      const source = catalogs.get(locale)?.[id] ?? catalogs.get('en')?.[id] ?? id;
      try {
        const text = formatted(`${locale}\u0000${id}`, source, locale, values);
        if (values === undefined) plain.set(`${locale}\u0000${id}`, text);
        return text;
      } catch (error) {
        const key = `${locale}\u0000${id}`;
        if (!reported.has(key)) {
          reported.add(key);
          log?.warn({ locale, id, err: (error as Error).message }, 'text failed to format; serving the default language\'s built-in text');
        }
        const fallback = files.get(FALLBACK_LOCALE)?.[id];
        if (fallback === undefined) return id;
        try {
          return formatted(`fallback\u0000${id}`, fallback, FALLBACK_LOCALE, values);
        } catch {
          return id;
        }
      }
    },
  };
}
