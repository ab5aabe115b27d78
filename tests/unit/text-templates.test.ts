/**
 * The list of texts that state a configured value (`TEXT_TEMPLATES`) matches the built-in
 * texts: every listed id exists in all four locales and carries every argument the list names,
 * and every locale's text has exactly the German text's placeholders — so the studio's rule
 * (placeholders as in German, configured values kept) holds for what ships.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEXT_TEMPLATES } from '../../src/server/domain/studio/text-templates.js';
import { placeholdersOf } from '../../src/server/domain/studio/texts.js';
import { ROOT_DIR } from '../../src/server/config.js';

const locale = (lang: string) => JSON.parse(fs.readFileSync(path.join(ROOT_DIR, 'locales', `${lang}.json`), 'utf8')) as Record<string, string>;
const LANGS = ['de', 'en', 'hi', 'zh'];

describe('texts stating configured values', () => {
  it('every listed id carries its arguments in every language', () => {
    for (const lang of LANGS) {
      const texts = locale(lang);
      for (const [id, args] of Object.entries(TEXT_TEMPLATES)) {
        expect(texts[id], `${lang} ${id}`).toBeDefined();
        const found = placeholdersOf(texts[id]!);
        for (const name of args) expect(found.has(name), `${lang} ${id} {${name}}`).toBe(true);
      }
    }
  });

  it('every built-in text has exactly the German placeholders', () => {
    const de = locale('de');
    const describe = (text: string) => [...placeholdersOf(text)].sort().join(',');
    for (const lang of LANGS.slice(1)) {
      for (const [id, text] of Object.entries(locale(lang))) {
        if (de[id] !== undefined) expect(describe(text), `${lang} ${id}`).toBe(describe(de[id]!));
      }
    }
  });
});
