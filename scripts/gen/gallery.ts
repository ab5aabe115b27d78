/**
 * The screen gallery: `/test`, `/test1`, `/test2`, `/test3` are generated from the
 * catalogue so they always show every block kind as the catalogue documents it. Each
 * `renderers/gallery/<screen>.frame.json` holds the gallery's own blocks (title, hints,
 * navigation, the widget forms, state and action demos) and names in `examples` the kinds whose
 * catalogue examples (`examples` of `renderers/blocks/<kind>/spec.schema.json`) follow them.
 * Written to `schemas/screens/<screen>.layout.json`; pure, like the other gen steps.
 *
 * Examples are written for a screen that has a record in its query (`{query.symbol}`,
 * `{query.id}`); the gallery has none, so the sample symbol stands in for symbols and an id no
 * record has for ids (the block then shows its not-found state). Block ids repeated across
 * examples get a numeric suffix, as ids must be unique on a screen. An example that names a
 * back-office call (`admin/…`) shows only to staff (`when` the user's role is operator or
 * editor): an investor on the gallery sees the investor-safe samples, never an operator form.
 */
import fs from 'node:fs';
import path from 'node:path';
import { blockKinds, type GeneratedFile } from './catalogue.js';

type Json = Record<string, unknown>;

/** The gallery screens, in order. */
export const GALLERY_SCREENS = ['test', 'test1', 'test2', 'test3'] as const;
const FRAMES_DIR = 'renderers/gallery';
/** What a `{query.<name>}` placeholder of an example becomes in the gallery. */
export const GALLERY_QUERY: Record<string, string> = { symbol: 'RELIANCE', id: 'gallery-none' };

const readJson = (root: string, file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Json;

/** Replaces `{query.x}` placeholders in every string of a value. */
function withQuery(value: unknown): unknown {
  if (typeof value === 'string') {
    return value.replace(/\{query\.(\w+)\}/g, (whole, name: string) => {
      const sample = GALLERY_QUERY[name];
      if (sample === undefined) throw new Error(`gallery: no sample for ${whole} (add it to GALLERY_QUERY)`);
      return sample;
    });
  }
  if (Array.isArray(value)) return value.map(withQuery);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withQuery(v)]));
  return value;
}

/** The catalogue examples of a block kind (its fragment's `examples`). */
export function kindExamples(root: string, kind: string): Json[] {
  const fragment = readJson(root, `renderers/blocks/${kind}/spec.schema.json`);
  const examples = (fragment.examples as Json[] | undefined) ?? [];
  if (!examples.length) throw new Error(`gallery: block kind '${kind}' has no examples in its spec.schema.json`);
  return examples;
}

/** The condition that shows a block to staff only (operators and editors). */
export const STAFF_ONLY = { call: 'user/getUserInfo', field: 'role', in: ['operator', 'editor'] } as const;

/** An example that names a back-office call, shown to staff only; others as they are. */
function staffOnlyWhenBackOffice(block: Json): Json {
  if (!JSON.stringify(block).includes('"admin/')) return block;
  const when = block.when === undefined ? [] : Array.isArray(block.when) ? block.when : [block.when];
  return { ...block, when: [STAFF_ONLY, ...when] };
}

/** Gives repeated top-level block ids a suffix (`company`, `company-2`). */
function uniqueIds(blocks: Json[]): Json[] {
  const seen = new Map<string, number>();
  return blocks.map((block) => {
    if (typeof block.id !== 'string') return block;
    const count = (seen.get(block.id) ?? 0) + 1;
    seen.set(block.id, count);
    return count === 1 ? block : { ...block, id: `${block.id}-${count}` };
  });
}

/** The four gallery layouts; fails when a block kind is named by no frame or by two. */
export function galleryFiles(root: string): GeneratedFile[] {
  const kinds = blockKinds(root);
  const placed = new Map<string, string>();
  const files = GALLERY_SCREENS.map((screen) => {
    const { $comment: _comment, examples = [], blocks = [], ...head } = readJson(root, `${FRAMES_DIR}/${screen}.frame.json`) as Json & { examples?: string[]; blocks?: Json[] };
    for (const kind of examples) {
      if (!kinds.includes(kind)) throw new Error(`gallery: ${screen}.frame.json names '${kind}', which is no block kind`);
      if (placed.has(kind)) throw new Error(`gallery: block kind '${kind}' is named by ${placed.get(kind)} and ${screen}.frame.json`);
      placed.set(kind, `${screen}.frame.json`);
    }
    const layout = {
      $schema: '../layout.meta.json',
      ...head,
      screen,
      blocks: uniqueIds([...blocks, ...examples.flatMap((kind) => kindExamples(root, kind).map((example) => staffOnlyWhenBackOffice(withQuery(example) as Json)))]),
    };
    return { file: `schemas/screens/${screen}.layout.json`, content: `${JSON.stringify(layout, null, 2)}\n` };
  });
  const missing = kinds.filter((kind) => !placed.has(kind));
  if (missing.length) throw new Error(`gallery: no frame in ${FRAMES_DIR} shows the block kind(s) ${missing.join(', ')}: add them to a frame's examples`);
  return files;
}
