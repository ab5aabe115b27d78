/**
 * Finding things in the studio: a search over the served screens (their ids and every text in
 * their layout and data schema) and over the texts of all four languages (ids and wording),
 * each text with the screens that use it; and "where is this text used" for one text id, with
 * the places in each screen. Both read what is served now (published versions and the files),
 * not anyone's draft.
 */
import { LOCALES, type Locale } from '../../../shared/lang.js';
import { usedMessageIds } from '../../screens/lint.js';
import { AppError } from '../errors.js';
import { servedContent, type StudioContext } from './screens.js';

/** A screen found by `studio/search`. */
export interface ScreenHit {
  id: string;
  /** `/p/<id>` for a screen made in the studio; null for a shipped one. */
  path: string | null;
  /** Where the words occur: `/layout/…` or `/schema/…` pointers with the text there (at most 5). */
  hits: Array<{ pointer: string; text: string }>;
}

/** A text found by `studio/search`. */
export interface TextHit {
  id: string;
  lang: Locale;
  text: string;
  /** Screens that use the text id, sorted. */
  screens: string[];
}

/** What `studio/search` answers. */
export interface SearchResult {
  screens: ScreenHit[];
  texts: TextHit[];
  /** Whether more was found than listed (at most 50 screens and 50 texts). */
  truncated: boolean;
}

/** What `studio/texts/usage` answers. */
export interface TextUsage {
  id: string;
  /** The text in each language that has it. */
  texts: Partial<Record<Locale, string>>;
  /** Each screen using the id, with the pointers where its layout or schema names it. */
  screens: Array<{ id: string; path: string | null; pointers: string[] }>;
}

const LIMIT = 50;
const HITS_PER_SCREEN = 5;

/** Case- and width-insensitive form for matching. */
const fold = (text: string) => text.normalize('NFKC').toLocaleLowerCase('en');

/** Every string in a document with its JSON pointer (`prefix` in front). */
function strings(node: unknown, prefix: string, out: Array<{ pointer: string; text: string }> = []): Array<{ pointer: string; text: string }> {
  if (typeof node === 'string') out.push({ pointer: prefix, text: node });
  else if (Array.isArray(node)) node.forEach((item, index) => strings(item, `${prefix}/${index}`, out));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) strings(value, `${prefix}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, out);
  }
  return out;
}

/** Every served screen with its layout, own schema and the message ids it uses. */
function servedScreens(ctx: StudioContext) {
  return ctx.store.screenIds().flatMap((id) => {
    try {
      const content = servedContent(ctx, id);
      if (!content.layout) return [];
      const others = ctx.store.referencedSchemas(content.layout).filter((n) => n !== (ctx.store.ownSchemaName(id) ?? id)).map((n) => ctx.store.readJson(`screens/${n}.schema.json`));
      const ids = new Set(usedMessageIds(content.layout, [content.schema, ...others].filter(Boolean)));
      return [{ id, path: ctx.store.createdScreen(id) ? `/p/${id}` : null, content, ids }];
    } catch {
      return []; // a screen whose files cannot be read is not searchable, not an error of the search
    }
  });
}

/**
 * `studio/search {q}`: screens whose id or layout/schema text contains `q`, and texts (any
 * language) whose id or wording contains it — case-insensitive, at most 50 of each.
 */
export function search(ctx: StudioContext, q: string): SearchResult {
  const needle = fold(q.trim());
  const screens = servedScreens(ctx);
  const screenHits: ScreenHit[] = [];
  let truncated = false;
  for (const screen of screens) {
    const found = [...strings(screen.content.layout, '/layout'), ...strings(screen.content.schema, '/schema')].filter((s) => fold(s.text).includes(needle));
    if (!found.length && !fold(screen.id).includes(needle)) continue;
    if (screenHits.length === LIMIT) {
      truncated = true;
      break;
    }
    screenHits.push({ id: screen.id, path: screen.path, hits: found.slice(0, HITS_PER_SCREEN) });
  }
  const texts: TextHit[] = [];
  outer: for (const lang of LOCALES) {
    for (const [id, text] of Object.entries(ctx.deps.messages.catalog(lang))) {
      if (!fold(id).includes(needle) && !fold(text).includes(needle)) continue;
      if (texts.length === LIMIT) {
        truncated = true;
        break outer;
      }
      texts.push({ id, lang, text, screens: screens.filter((s) => s.ids.has(id)).map((s) => s.id) });
    }
  }
  return { screens: screenHits, texts, truncated };
}

/**
 * `studio/texts/usage {id}`: the text in every language and each screen that uses it, with the
 * places its layout or schema names it.
 * @throws AppError `studioTextUnknown` (1836) when no language has the id and no screen uses it.
 */
export function textUsage(ctx: StudioContext, id: string): TextUsage {
  const texts = Object.fromEntries(LOCALES.flatMap((lang) => {
    const text = ctx.deps.messages.catalog(lang)[id];
    return text === undefined ? [] : [[lang, text]];
  })) as Partial<Record<Locale, string>>;
  const screens = servedScreens(ctx)
    .filter((screen) => screen.ids.has(id))
    .map((screen) => ({
      id: screen.id,
      path: screen.path,
      pointers: [...strings(screen.content.layout, '/layout'), ...strings(screen.content.schema, '/schema')].filter((s) => s.text === id).map((s) => s.pointer),
    }));
  if (!Object.keys(texts).length && !screens.length) throw new AppError('studioTextUnknown', { id });
  return { id, texts, screens };
}
