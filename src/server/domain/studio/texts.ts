/**
 * The rules every studio text passes before it can be part of a change:
 * - it parses as an ICU message (`studioMessageInvalid`, 1804);
 * - it is not empty (`studioTextEmpty`, 1815);
 * - its placeholders are exactly those of the default language's (German) text of the same id —
 *   names and argument types — since the code passes those arguments and no others
 *   (`studioTextPlaceholders`, 1816). The reference is the built-in German text; for an id the
 *   code does not know, the German text of the same change or the one served now; a new id
 *   without any German text is refused (`studioTextNoDefault`, 1818);
 * - a text stating a configured value keeps that value's arguments (`TEXT_TEMPLATES`,
 *   `studioTextTemplate`, 1817).
 * Every problem is reported in `data.errors` as `{pointer, message}`; the error's code is the
 * first problem's.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Messages } from '../../i18n.js';
import { AppError } from '../errors.js';
import { LOCALES, type Locale } from '../../../shared/lang.js';
import type { ErrorName } from '../../../shared/codes.js';
import { TEXT_TEMPLATES } from './text-templates.js';

/** Texts by language: `{lang: {messageId: text}}`. */
export type TextsByLang = Partial<Record<Locale, Record<string, string>>>;

/** The default language: its placeholders are the reference for every other language. */
export const DEFAULT_LOCALE: Locale = 'de';

/** An argument's kind as ICU declares it: `{x}` text, `{x, number}`, `{x, plural, …}`, … */
export type ArgumentType = 'text' | 'number' | 'date' | 'time' | 'select' | 'plural' | 'tag';

/**
 * The arguments a message uses, by name (rich-text tags as `<name>`).
 * @throws the parser's SyntaxError when the text is not ICU.
 */
export function placeholdersOf(text: string): Map<string, ArgumentType> {
  const found = new Map<string, ArgumentType>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      switch (element.type) {
        case TYPE.argument:
          if (!found.has(element.value)) found.set(element.value, 'text');
          break;
        case TYPE.number:
          found.set(element.value, 'number');
          break;
        case TYPE.date:
          found.set(element.value, 'date');
          break;
        case TYPE.time:
          found.set(element.value, 'time');
          break;
        case TYPE.select:
          found.set(element.value, 'select');
          for (const option of Object.values(element.options)) walk(option.value);
          break;
        case TYPE.plural:
          found.set(element.value, 'plural');
          for (const option of Object.values(element.options)) walk(option.value);
          break;
        case TYPE.tag:
          found.set(`<${element.value}>`, 'tag');
          walk(element.children);
          break;
        default:
          break;
      }
    }
  };
  walk(parse(text));
  return found;
}

/** `{a}, {n, plural}` — a placeholder set as staff read it; `none` when empty. */
const describe = (set: Map<string, ArgumentType>): string =>
  set.size ? [...set].sort(([a], [b]) => a.localeCompare(b)).map(([name, type]) => (type === 'text' || type === 'tag' ? `{${name}}` : `{${name}, ${type}}`)).join(', ') : 'none';

const sameSet = (a: Map<string, ArgumentType>, b: Map<string, ArgumentType>) => a.size === b.size && [...a].every(([name, type]) => b.get(name) === type);

const escape = (id: string) => id.replace(/~/g, '~0').replace(/\//g, '~1');

interface Problem {
  error: ErrorName;
  values: Record<string, string>;
  pointer: string;
  message: string;
}

/**
 * Checks a set of texts against the rules above.
 * @param pointer the JSON pointer of one text in the request (`/messages/<id>` or `/texts/<lang>/<id>`).
 * @throws AppError with the first problem's code (1804, 1815–1818) and every problem in `data.errors`.
 */
export function checkTexts(messages: Messages, texts: TextsByLang, pointer: (lang: Locale, id: string) => string): void {
  const problems: Problem[] = [];
  const english = (key: string, values: Record<string, string>) => messages.format('en', key, values);
  const add = (error: ErrorName, key: string, lang: Locale, id: string, values: Record<string, string>) => {
    const all = { id, lang, ...values };
    problems.push({ error, values: all, pointer: pointer(lang, id), message: english(key, all) });
  };
  const parsed = new Map<string, Map<string, ArgumentType>>();
  for (const lang of LOCALES) {
    for (const [id, text] of Object.entries(texts[lang] ?? {})) {
      if (!text.trim()) {
        add('studioTextEmpty', 'error.studioTextEmpty', lang, id, {});
        continue;
      }
      try {
        parsed.set(`${lang}\u0000${id}`, placeholdersOf(text));
      } catch (error) {
        add('studioMessageInvalid', 'error.studioMessageInvalid', lang, id, { detail: (error as Error).message });
      }
    }
  }
  for (const lang of LOCALES) {
    for (const id of Object.keys(texts[lang] ?? {})) {
      const own = parsed.get(`${lang}\u0000${id}`);
      if (!own) continue;
      const reference = referenceOf(messages, texts, id, parsed);
      if (reference === null) {
        add('studioTextNoDefault', 'error.studioTextNoDefault', lang, id, {});
        continue;
      }
      // A text stating a configured value is reported as such first: it is the graver slip.
      const dropped = (TEXT_TEMPLATES[id] ?? []).filter((name) => !own.has(name));
      if (dropped.length) add('studioTextTemplate', 'error.studioTextTemplate', lang, id, { expected: dropped.map((name) => `{${name}}`).join(', ') });
      else if (!sameSet(own, reference)) add('studioTextPlaceholders', 'error.studioTextPlaceholders', lang, id, { expected: describe(reference), actual: describe(own) });
    }
  }
  if (problems.length) {
    const first = problems[0]!;
    throw new AppError(first.error, first.values, { errors: problems.map(({ pointer: at, message }) => ({ pointer: at, message })) });
  }
}

/** The German placeholders an id must keep: built-in text, else this change's, else the served one; null when none exists. */
function referenceOf(messages: Messages, texts: TextsByLang, id: string, parsed: Map<string, Map<string, ArgumentType>>): Map<string, ArgumentType> | null {
  const builtIn = messages.base(DEFAULT_LOCALE)[id];
  if (builtIn !== undefined) return placeholdersOf(builtIn);
  if (texts[DEFAULT_LOCALE]?.[id] !== undefined) return parsed.get(`${DEFAULT_LOCALE}\u0000${id}`) ?? null;
  const served = messages.catalog(DEFAULT_LOCALE)[id];
  if (served === undefined) return null;
  try {
    return placeholdersOf(served);
  } catch {
    return null;
  }
}

/** Pointer of a text in a `studio/messages/save {lang, messages}` body. */
export const messagesPointer = (_lang: Locale, id: string) => `/messages/${escape(id)}`;

/** Pointer of a text in a `{texts: {lang: {id: text}}}` body. */
export const textsPointer = (lang: Locale, id: string) => `/texts/${lang}/${escape(id)}`;

/** Every message id the texts touch (any language). */
export function textIds(texts: TextsByLang): Set<string> {
  return new Set(LOCALES.flatMap((lang) => Object.keys(texts[lang] ?? {})));
}

/** Whether the texts hold at least one text. */
export const hasTexts = (texts: TextsByLang): boolean => textIds(texts).size > 0;

/** The problems {@link checkTexts} would raise, as a list (empty when the texts pass). */
export function textProblems(messages: Messages, texts: TextsByLang, pointer: (lang: Locale, id: string) => string): Array<{ pointer: string; message: string }> {
  try {
    checkTexts(messages, texts, pointer);
    return [];
  } catch (error) {
    if (error instanceof AppError) return (error.data as { errors: Array<{ pointer: string; message: string }> }).errors;
    throw error;
  }
}
