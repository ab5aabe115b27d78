/**
 * The screen gallery is built from the catalogue: `/test`…`/test3` are what
 * `npm run gen` makes of the frames and every block kind's catalogue examples, they show every
 * block kind and every widget, and a kind no frame names stops the generation.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockKinds } from '../../scripts/gen/catalogue';
import { GALLERY_SCREENS, galleryFiles, kindExamples } from '../../scripts/gen/gallery';

const root = path.resolve(__dirname, '../..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;
const layouts = GALLERY_SCREENS.map((screen) => read(`schemas/screens/${screen}.layout.json`));

/** Every value of `key` anywhere in a JSON value. */
function valuesOf(value: unknown, key: string): unknown[] {
  if (Array.isArray(value)) return value.flatMap((v) => valuesOf(v, key));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => (k === key ? [v, ...valuesOf(v, key)] : valuesOf(v, key)));
}

describe('the screen gallery', () => {
  it('is what npm run gen makes of the frames and the catalogue examples (no hand copies)', () => {
    for (const { file, content } of galleryFiles(root)) expect(fs.readFileSync(path.join(root, file), 'utf8'), file).toBe(content);
  });

  it('shows every block kind with each of its catalogue examples', () => {
    const shown = new Set(valuesOf(layouts, 'kind'));
    for (const kind of blockKinds(root)) {
      expect(shown, kind).toContain(kind);
      const blocks = layouts.flatMap((layout) => layout.blocks as Array<Record<string, unknown>>).filter((b) => b.kind === kind);
      for (const example of kindExamples(root, kind)) {
        // The example as placed (query placeholders filled, ids made unique) keeps its own keys.
        expect(blocks.some((block) => Object.keys(example).every((k) => k === 'id' || k in block)), `${kind} example`).toBe(true);
      }
    }
  });

  it('shows every widget of the catalogue in a gallery form', () => {
    const widgets = (read('schemas/layout.meta.json').definitions as Record<string, { enum: string[] }>).widgetName!.enum;
    const used = new Set(valuesOf(layouts, 'ui:widget'));
    expect(widgets.filter((w) => !used.has(w))).toEqual([]);
  });

  it('fails the generation when a block kind is in no frame', () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'gallery-'));
    fs.cpSync(path.join(root, 'renderers'), path.join(copy, 'renderers'), { recursive: true });
    const frame = path.join(copy, 'renderers/gallery/test3.frame.json');
    const json = JSON.parse(fs.readFileSync(frame, 'utf8')) as { examples: string[] };
    fs.writeFileSync(frame, JSON.stringify({ ...json, examples: json.examples.filter((k) => k !== 'detail') }));
    expect(() => galleryFiles(copy)).toThrow(/no frame in renderers\/gallery shows the block kind\(s\) detail/);
    fs.rmSync(copy, { recursive: true, force: true });
  });
});
