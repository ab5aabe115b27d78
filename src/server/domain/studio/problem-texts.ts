/**
 * The studio's problems in the editor's language. The layout lint, the effects lint and the
 * contract check (`src/server/screens/`) word their problems in English, which is also what
 * the command-line lint prints; the studio answers them in the language of the request. Each
 * kind of problem has a text `studio.problem.<name>` in every locale whose English text is the
 * lint's own wording with `{placeholders}` for the parts that vary: a problem is recognised by
 * its English text (read with the ICU message parser) and said again in the asked language with
 * the same values. A problem of a kind without such a text stays as the lint wrote it.
 *
 * Some problems carry an inner reason (`{detail}` of a schema ajv cannot compile, `{problem}`
 * of a pattern RE2 refuses): the lint words those by kind too (`compile-problem.ts`,
 * `regexp.ts`), and the reason is said again in the asked language the same way, so no English
 * sentence is left inside a translated one.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Locale } from '../../../shared/lang.js';
import { ERRORS, type ErrorName } from '../../../shared/codes.js';
import type { Messages } from '../../i18n.js';

/** The prefix of the problem texts in the locale files. */
export const PROBLEM_PREFIX = 'studio.problem.';

interface Template {
  id: string;
  pattern: RegExp;
  names: string[];
  /** Literal characters: the more, the more specific (tried first). */
  weight: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A matcher of one English problem text; null when it is not made of literals and `{arguments}`. */
function templateOf(id: string, english: string): Template | null {
  let elements: MessageFormatElement[];
  try {
    elements = parse(english);
  } catch {
    return null;
  }
  let source = '^';
  let weight = 0;
  const names: string[] = [];
  for (const element of elements) {
    if (element.type === TYPE.literal) {
      source += escape(element.value);
      weight += element.value.length;
    } else if (element.type === TYPE.argument) {
      source += '(.+?)';
      names.push(element.value);
    } else return null;
  }
  return { id, pattern: new RegExp(`${source}$`, 's'), names, weight };
}

/** Templates per English catalogue object (rebuilt when the catalogue changes). */
const cache = new WeakMap<object, Template[]>();

function templates(messages: Messages): Template[] {
  // The built-in English texts: the lint's wording is code, not something the studio edits.
  const english = messages.base('en');
  const hit = cache.get(english);
  if (hit) return hit;
  const list = Object.entries(english)
    .filter(([id]) => id.startsWith(PROBLEM_PREFIX))
    .map(([id, text]) => templateOf(id, text))
    .filter((t): t is Template => t !== null)
    .sort((a, b) => b.weight - a.weight);
  cache.set(english, list);
  return list;
}

/** Placeholders that hold an inner reason, itself a problem wording said again in the asked language. */
const INNER_REASONS = new Set(['detail', 'problem']);

/**
 * One problem message in `locale`: the matching `studio.problem.*` text with the values read
 * from the English message, or the message unchanged when no problem text matches it.
 */
export function localizeProblem(messages: Messages, locale: Locale, message: string): string {
  if (locale === 'en') return message;
  for (const template of templates(messages)) {
    const match = template.pattern.exec(message);
    if (!match) continue;
    const values = Object.fromEntries(
      template.names.map((name, index) => [name, INNER_REASONS.has(name) ? localizeProblem(messages, locale, match[index + 1]!) : match[index + 1]!]),
    );
    return messages.format(locale, template.id, values);
  }
  return message;
}

/** A problem as the studio answers it. */
interface Problem {
  pointer: string;
  message: string;
  /** Text problems carry their error and values: they are formatted again in `locale`. */
  error?: string;
  values?: Record<string, string>;
}

/**
 * The problems in `locale`: lint problems through {@link localizeProblem}, text problems
 * (`error` + `values`) from their own error message.
 */
export function localizeProblems<P extends Problem>(messages: Messages, locale: Locale, problems: P[]): P[] {
  return problems.map((problem) => {
    const key = problem.error ? ERRORS[problem.error as ErrorName]?.message : undefined;
    const message = key && problem.values ? messages.format(locale, key, problem.values) : localizeProblem(messages, locale, problem.message);
    return { ...problem, message };
  });
}
