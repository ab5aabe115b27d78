/**
 * Every message id exists in every locale (de, en, hi, zh), with the same ICU arguments;
 * ids used in code, in the error catalogue and in the route table are all present.
 * (Ids in layouts and schemas are checked by `npm run lint:schemas`.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { ERRORS } from '../../src/shared/codes';
import { LANGUAGES, LOCALES } from '../../src/shared/lang';
import { ROUTES, TABS } from '../../src/app/routes';

const root = path.resolve(__dirname, '../..');
const catalogs = Object.fromEntries(
  LOCALES.map((locale) => [locale, JSON.parse(fs.readFileSync(path.join(root, 'locales', `${locale}.json`), 'utf8')) as Record<string, string>]),
);

function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if ('value' in element && element.type !== TYPE.literal && typeof element.value === 'string') into.add(element.value);
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
    if ('options' in element) for (const option of Object.values(element.options)) argumentsOf(option.value, into);
  }
  return into;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe('locales', () => {
  const english = Object.keys(catalogs.en!).sort();

  it.each(LOCALES)('%s has exactly the English keys', (locale) => {
    expect(Object.keys(catalogs[locale]!).sort()).toEqual(english);
  });

  it.each(LOCALES)('%s messages parse as ICU and use the same arguments as English', (locale) => {
    for (const id of english) {
      const mine = argumentsOf(parse(catalogs[locale]![id]!));
      const theirs = argumentsOf(parse(catalogs.en![id]!));
      expect([id, [...mine].sort()]).toEqual([id, [...theirs].sort()]);
    }
  });

  it('has every message id the code names', () => {
    const ids = new Set<string>();
    const patterns = [/messageId[=:]\s*["']([A-Za-z0-9_.]+)["']/g, /\bid:\s*'([A-Za-z0-9_]+\.[A-Za-z0-9_.]+)'/g, /\bid="([A-Za-z0-9_]+\.[A-Za-z0-9_.]+)"/g, /message: '([a-z]+\.[A-Za-z0-9_.]+)'/g];
    for (const file of [...sourceFiles(path.join(root, 'src')), ...sourceFiles(path.join(root, 'renderers'))]) {
      const text = fs.readFileSync(file, 'utf8');
      for (const pattern of patterns) for (const match of text.matchAll(pattern)) ids.add(match[1]!);
    }
    for (const entry of Object.values(ERRORS)) ids.add(entry.message);
    for (const route of ROUTES) if (route.title) ids.add(route.title);
    for (const tab of TABS) ids.add(tab.label);
    for (const code of LANGUAGES) ids.add(`language.${code}`);
    expect(ids.size).toBeGreaterThan(40);
    for (const locale of LOCALES) {
      const missing = [...ids].filter((id) => !(id in catalogs[locale]!));
      expect({ locale, missing }).toEqual({ locale, missing: [] });
    }
  });
});
