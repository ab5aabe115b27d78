/**
 * Message ids → texts in a case's language, formatted with ICU exactly as the app does
 * (intl-messageformat over `locales/<lang>.json`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { isMessageId, type CaseLang } from './types';

const root = path.resolve(import.meta.dirname, '../..');
const cache = new Map<CaseLang, Record<string, string>>();

/** The flat message table of one locale. */
export function messagesOf(lang: CaseLang): Record<string, string> {
  let table = cache.get(lang);
  if (!table) {
    table = JSON.parse(fs.readFileSync(path.join(root, 'locales', `${lang}.json`), 'utf8')) as Record<string, string>;
    cache.set(lang, table);
  }
  return table;
}

const ICU_LOCALE: Record<CaseLang, string> = { de: 'de-DE', en: 'en', hi: 'hi', zh: 'zh-CN' };

/**
 * What a step expects to see for a message id or a literal text: the exact text, or — for a
 * message with placeholders given without its `values` — a pattern matching the text before
 * its first placeholder at the start of an element's text (`"At least {min}"` → /^At least/).
 * @throws Error when a message id is missing in that locale.
 */
export function expectedText(lang: CaseLang, idOrText: string, values?: Record<string, string | number>): string | RegExp {
  const text = textOf(lang, idOrText, values);
  if (!isMessageId(idOrText) || values || !/[{}]/.test(messagesOf(lang)[idOrText]!)) return text;
  try {
    return String(new IntlMessageFormat(messagesOf(lang)[idOrText]!, ICU_LOCALE[lang]).format({}));
  } catch {
    if (!text) throw new Error(`message '${idOrText}' starts with a placeholder: give its values`);
    return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  }
}

/**
 * The text a user sees for a message id (a literal text is returned as it is). Without the
 * values a message needs, the text before its first placeholder is returned (a prefix match).
 * @throws Error when a message id is missing in that locale.
 */
export function textOf(lang: CaseLang, idOrText: string, values?: Record<string, string | number>): string {
  if (!isMessageId(idOrText)) return idOrText;
  const source = messagesOf(lang)[idOrText];
  if (source === undefined) throw new Error(`message id '${idOrText}' is missing in locales/${lang}.json`);
  try {
    const text = new IntlMessageFormat(source, ICU_LOCALE[lang]).format(values ?? {});
    return String(text);
  } catch {
    return source.split('{')[0]!.trim();
  }
}
