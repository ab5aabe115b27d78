/**
 * A `pattern` behaves the same on the phone as on the server: the validator module compiled for
 * the browser runs a staff-written pattern on RE2, the server's engine (the browser loader
 * imports it only then), so a pattern whose meaning differs between RE2 and JavaScript's
 * `RegExp` answers as the server does, and a pattern catastrophic for a backtracking engine
 * answers at once; a pattern code owns runs on `RegExp` on both sides.
 */
import { describe, expect, it } from 'vitest';
import { compileValidatorModule } from '../../src/server/screens/validators.js';
import { compileShared } from '../../src/server/screens/ajv.js';
import { instantiateValidators, type ValidatorModule } from '../../renderers/form/precompiled.js';
import { CODE_OWNED_PATTERNS } from '../../src/shared/pattern-engine.js';

/** The module the server serves for `schema`, loaded as the browser loader loads it. */
async function browserValidate(schema: Record<string, unknown>): Promise<{ requires: string[]; staffPatterns: string[]; valid: (data: unknown) => boolean }> {
  const { code, rootKey } = compileValidatorModule(schema as never);
  const requires = JSON.parse(/export const requires = (.*);/.exec(code)![1]!) as string[];
  const staffPatterns = JSON.parse(/export const staffPatterns = (.*);/.exec(code)![1]!) as string[];
  const body = code.slice(code.indexOf('{', code.indexOf('export default function validators(require)')) + 1, code.lastIndexOf('}'));
  const module: ValidatorModule = { rootKey, requires, staffPatterns, default: new Function('require', body) as ValidatorModule['default'] };
  const fns = await instantiateValidators(module);
  return { requires, staffPatterns, valid: (data) => fns[rootKey]!(data) as boolean };
}

const form = (pattern: string) => ({ type: 'object', properties: { code: { type: 'string', pattern } } });

describe('patterns in the browser validator', () => {
  it("match as the server's RE2 does where JavaScript's RegExp differs", async () => {
    // RE2's `.` matches a carriage return and its `\s` is ASCII; RegExp's `.` stops at `\r`
    // and its `\s` takes a no-break space.
    for (const [pattern, value] of [['^.+$', 'a\rb'], ['^\\S+$', 'a\u00a0b']] as const) {
      const browser = await browserValidate(form(pattern));
      const server = compileShared(form(pattern));
      expect(browser.requires).toContain('nivesh/linear-regexp');
      expect(new RegExp(pattern, 'u').test(value), pattern).toBe(false);
      expect(server({ code: value }), pattern).toBe(true);
      expect(browser.valid({ code: value }), pattern).toBe(true);
      expect(browser.valid({ code: 'ab' })).toBe(true);
    }
    const digits = await browserValidate(form('^[0-9]{4}$'));
    expect(digits.valid({ code: '1234' })).toBe(true);
    expect(digits.valid({ code: '12a4' })).toBe(false);
  });

  it('run a pattern code owns on RegExp, on the phone and in the server\'s screen check alike, without RE2', async () => {
    // `\S` is a contract's pattern (a name must not be blank); a screen schema repeats it.
    expect(CODE_OWNED_PATTERNS.has('\\S')).toBe(true);
    const contract = { type: 'object', properties: { name: { type: 'string', pattern: '\\S' } }, additionalProperties: false };
    const screen = { type: 'object', properties: { name: { type: 'string', pattern: '\\S' } } };
    const browser = await browserValidate(screen);
    expect(browser.staffPatterns).toEqual([]);
    for (const data of [{ name: '\u00a0' }, { name: 'Asha' }, { name: ' ' }]) {
      const contractSays = compileShared(contract, 'native')(data);
      expect(compileShared(screen)(data), JSON.stringify(data)).toBe(contractSays);
      expect(browser.valid(data), JSON.stringify(data)).toBe(contractSays);
    }
    expect(browser.valid({ name: '\u00a0' })).toBe(false);
    // Beside a staff pattern, each pattern keeps its own engine.
    const mixed = await browserValidate({ type: 'object', properties: { name: { type: 'string', pattern: '\\S' }, note: { type: 'string', pattern: '^\\S+$' } } });
    expect(mixed.staffPatterns).toEqual(['^\\S+$']);
    expect(mixed.valid({ name: '\u00a0', note: 'a' })).toBe(false);
    expect(mixed.valid({ name: 'Asha', note: 'a\u00a0b' })).toBe(true);
  });

  it('answer a pattern catastrophic under backtracking', async () => {
    const browser = await browserValidate(form('^(a+)+$'));
    // A backtracking engine needs about 2^40 steps (days) for this value, so the test would never
    // end on RegExp; RE2 reads it once.
    const hostile = `${'a'.repeat(40)}!`;
    expect(browser.valid({ code: hostile })).toBe(false);
    expect(browser.valid({ code: 'a'.repeat(5000) })).toBe(true);
  });

  it('a form without a pattern does not load RE2', async () => {
    expect((await browserValidate({ type: 'object', properties: { name: { type: 'string', maxLength: 5 } } })).requires).not.toContain('nivesh/linear-regexp');
  });
});
