/**
 * The studio's problems in the editor's language: every `studio.problem.*` text is a template
 * the English lint wording is recognised by, the same placeholders in all four languages; a
 * problem the lint words is said again in German, Hindi and Chinese with the same values, and
 * left as it is in English or when no template knows it.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { loadMessages } from '../../src/server/i18n.js';
import { PROBLEM_PREFIX, localizeProblem, localizeProblems } from '../../src/server/domain/studio/problem-texts.js';
import { LOCALES } from '../../src/shared/lang.js';

const messages = loadMessages(path.join(process.cwd(), 'locales'));
const ids = Object.keys(messages.base('en')).filter((id) => id.startsWith(PROBLEM_PREFIX));
const argumentsOf = (text: string) => parse(text).filter((e) => e.type === TYPE.argument).map((e) => (e as { value: string }).value).sort();

describe('problem texts', () => {
  it('are plain templates with the same placeholders in every language', () => {
    expect(ids.length).toBeGreaterThan(30);
    for (const id of ids) {
      const english = argumentsOf(messages.base('en')[id]!);
      expect(parse(messages.base('en')[id]!).every((e) => e.type === TYPE.literal || e.type === TYPE.argument), id).toBe(true);
      for (const lang of LOCALES) expect(argumentsOf(messages.base(lang)[id]!), `${lang} ${id}`).toEqual(english);
    }
  });

  it('recognise each English wording and say it again in de, hi and zh', () => {
    for (const id of ids) {
      const values = Object.fromEntries(argumentsOf(messages.base('en')[id]!).map((name, index) => [name, `v${index}x`]));
      const english = messages.format('en', id, values);
      expect(localizeProblem(messages, 'en', english)).toBe(english);
      for (const lang of ['de', 'hi', 'zh'] as const) {
        const said = localizeProblem(messages, lang, english);
        // Some templates share a wording with a more general one; what matters is that no
        // value is lost and the English text is not left standing.
        expect(said, `${lang} ${id}`).not.toBe(english);
        for (const value of Object.values(values)) expect(said, `${lang} ${id}`).toContain(value);
      }
    }
  });

  it('words the lint messages as the lint writes them', () => {
    expect(localizeProblem(messages, 'de', "message id 'a.b' is missing in de, hi")).toBe('Text-ID „a.b“ fehlt in de, hi');
    expect(localizeProblem(messages, 'de', "field 'nickname' is not in the contract: the server would not store it")).toBe('Feld „nickname“ ist nicht im Vertrag: der Server würde es nicht speichern');
    expect(localizeProblem(messages, 'zh', 'loosens the contract: maxLength must be at most 30')).toBe('放宽了契约：maxLength 至多应为 30');
    expect(localizeProblem(messages, 'de', 'must be string')).toBe('muss vom Typ string sein');
    expect(localizeProblem(messages, 'de', 'must be one of info, warning')).toBe('muss einer dieser Werte sein: info, warning');
    expect(localizeProblem(messages, 'de', "'items.0.nme' is not in an item of 'items' in the answer of 'a/b' (no field 'nme'): it would show nothing")).toBe('„items.0.nme“ steht nicht in einem Eintrag von „items“ in der Antwort von „a/b“ (kein Feld „nme“): es würde nichts angezeigt');
    expect(localizeProblem(messages, 'de', "'bank/get' takes no parameters: 'id' would be refused")).toBe('„bank/get“ nimmt keine Parameter: „id“ würde abgelehnt');
    expect(localizeProblem(messages, 'de', "custom field 'ifsc' is named like the record's field 'ifsc': operators would take it for the real one")).toBe('das eigene Feld „ifsc“ heißt wie das Feld „ifsc“ des Datensatzes: Operatoren würden es für das echte halten');
    expect(localizeProblem(messages, 'de', 'must NOT have duplicate items (items ## 2 and 0 are identical)')).toBe('darf keine doppelten Einträge haben (Einträge 2 und 0 sind gleich)');
    expect(localizeProblem(messages, 'de', 'something no template knows')).toBe('something no template knows');
  });

  it('say the inner reason of a schema ajv refuses and of a pattern RE2 refuses in the asked language', () => {
    expect(localizeProblem(messages, 'de', 'does not compile: unknown keyword "colour" at /properties/a')).toBe('lässt sich nicht kompilieren: unbekanntes Schlüsselwort „colour“ bei /properties/a');
    expect(localizeProblem(messages, 'zh', 'does not compile: reference "#/$defs/x" does not resolve')).toBe(`${messages.format('zh', 'studio.problem.noCompile', { detail: '引用“#/$defs/x”无法解析' })}`);
    const refused = 'pattern "(?=a)" is refused: the server runs patterns in linear time (RE2), which cannot compile it: invalid or unsupported Perl syntax: `(?=`';
    expect(localizeProblem(messages, 'de', refused)).toBe('Muster "(?=a)" wird abgelehnt: der Server prüft Muster in linearer Zeit (RE2), das es nicht übersetzen kann: ungültige oder nicht unterstützte Perl-Syntax: `(?=`');
    expect(localizeProblem(messages, 'hi', refused)).toContain('अमान्य या असमर्थित Perl सिंटैक्स: `(?=`');
    expect(localizeProblem(messages, 'en', refused)).toBe(refused);
    // A reason of a kind no text knows stays as ajv or RE2 wrote it, inside the translated sentence.
    expect(localizeProblem(messages, 'de', 'does not compile: something new')).toBe('lässt sich nicht kompilieren: something new');
  });

  it('formats text problems from their own error and values', () => {
    const [problem] = localizeProblems(messages, 'de', [{ pointer: '/texts/en/x', message: 'The text “x” (en) is empty.', error: 'studioTextEmpty', values: { id: 'x', lang: 'en' } }]);
    expect(problem!.message).toBe(messages.format('de', 'error.studioTextEmpty', { id: 'x', lang: 'en' }));
    expect(problem!.message).not.toBe('The text “x” (en) is empty.');
  });
});
