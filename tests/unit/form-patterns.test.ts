/**
 * A staff-written `pattern` behaves the same on the phone as on the server: the validator module
 * compiled for the browser runs it on RE2, the server's engine (it `require`s
 * `nivesh/linear-regexp`, which the browser loader imports only then), so a pattern whose
 * meaning differs between RE2 and JavaScript's `RegExp` answers as the server does, and a
 * pattern catastrophic for a backtracking engine answers at once.
 */
import { describe, expect, it } from 'vitest';
import { compileValidatorModule } from '../../src/server/screens/validators.js';
import { compileShared } from '../../src/server/screens/ajv.js';
import { instantiateValidators, type ValidatorModule } from '../../renderers/form/precompiled.js';

/** The module the server serves for `schema`, loaded as the browser loader loads it. */
async function browserValidate(schema: Record<string, unknown>, contract?: Record<string, unknown>): Promise<{ requires: string[]; valid: (data: unknown) => boolean }> {
  const { code, rootKey } = compileValidatorModule(schema as never, contract as never);
  const requires = JSON.parse(/export const requires = (.*);/.exec(code)![1]!) as string[];
  const codeOwnedPatterns = JSON.parse(/export const codeOwnedPatterns = (.*);/.exec(code)![1]!) as string[];
  const body = code.slice(code.indexOf('{', code.indexOf('export default function validators(require)')) + 1, code.lastIndexOf('}'));
  const module: ValidatorModule = { rootKey, requires, codeOwnedPatterns, default: new Function('require', body) as ValidatorModule['default'] };
  const fns = await instantiateValidators(module);
  return { requires, valid: (data) => fns[rootKey]!(data) as boolean };
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

  it("check a pattern the screen shares with its code-owned contract on both engines, as the server does", async () => {
    // The server validates the body with the contract (RegExp) and the screen schema (RE2).
    const contract = { type: 'object', properties: { name: { type: 'string', pattern: '\\S' } }, additionalProperties: false };
    const screen = { type: 'object', properties: { name: { type: 'string', pattern: '\\S' }, note: { type: 'string', pattern: '^\\S+$' } } };
    const server = (data: unknown) => compileShared(contract, 'native')({ name: (data as { name: string }).name }) && compileShared(screen)(data);
    const browser = await browserValidate(screen, contract);
    for (const data of [{ name: '\u00a0' }, { name: 'Asha' }, { name: 'Asha', note: 'a\u00a0b' }, { name: 'Asha', note: 'a b' }]) {
      expect(browser.valid(data), JSON.stringify(data)).toBe(server(data));
    }
    expect(browser.valid({ name: '\u00a0' })).toBe(false);
    // `note` is the screen's own (staff) pattern: RE2 only.
    expect(browser.valid({ name: 'Asha', note: 'a\u00a0b' })).toBe(true);
  });

  it('answer a pattern catastrophic under backtracking at once', async () => {
    const browser = await browserValidate(form('^(a+)+$'));
    const hostile = `${'a'.repeat(25)}!`;
    const started = performance.now();
    expect(browser.valid({ code: hostile })).toBe(false);
    expect(browser.valid({ code: 'a'.repeat(5000) })).toBe(true);
    // A backtracking engine takes about 2^25 steps (seconds) on the first value; RE2 reads it once.
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('a form without a pattern does not load RE2', async () => {
    expect((await browserValidate({ type: 'object', properties: { name: { type: 'string', maxLength: 5 } } })).requires).not.toContain('nivesh/linear-regexp');
  });
});
