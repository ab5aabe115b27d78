/**
 * Server-side messages: the same `locales/*.json` files the browser uses (ICU syntax), so an
 * error's text is defined once for every language. Texts published in the studio
 * (overrides of built-in ids and new ids, stored in `ui_messages`) lie on top of the files;
 * the browser loads the merged catalogue from `GET /api/ui/messages/:lang`.
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
}

/** Loads every locale file from `dir` once. */
export function loadMessages(dir: string): Messages {
  const files = new Map<Locale, Record<string, string>>();
  const catalogs = new Map<Locale, Record<string, string>>();
  const compiled = new Map<string, IntlMessageFormat>();
  let overrides: Partial<Record<Locale, Record<string, string>>> = {};
  const merge = () => {
    for (const locale of LOCALES) catalogs.set(locale, { ...files.get(locale), ...overrides[locale] });
    compiled.clear();
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
    format(locale, id, values) {
      const key = `${locale}\u0000${id}`;
      let format = compiled.get(key);
      if (!format) {
        const source = catalogs.get(locale)?.[id] ?? catalogs.get('en')?.[id] ?? id;
        format = new IntlMessageFormat(source, intlTag(locale));
        compiled.set(key, format);
      }
      return String(format.format(values));
    },
  };
}
