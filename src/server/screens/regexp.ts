/**
 * Linear-time regular expressions for schemas written by staff. A screen schema is edited in the
 * studio by people the server does not trust with its CPU: a `pattern` such as `(a+)+$` takes
 * exponential time in a backtracking engine (JavaScript's `RegExp`) on a short hostile input.
 * RE2 (here its pure JavaScript port, re2js) matches in time linear in the input and refuses what
 * it cannot do that way (backreferences, lookarounds), so a pattern it compiles is safe to run on
 * any data, and one it cannot compile is refused in the studio with a pointer.
 *
 * JSON Schema's `pattern` is an ECMA-262 expression that may match anywhere in the string;
 * `RE2JS.translateRegExp` maps its syntax (`\uXXXX`, `(?<name>…)`, `/`) to RE2's, and
 * `test` searches unanchored, as `RegExp.prototype.test` does.
 */
import { RE2JS } from 're2js';
import type { RegExpEngine, RegExpLike } from 'ajv/dist/types/index.js';

/** A compiled linear-time expression: what ajv's `code.regExp` engine hands back. */
export interface LinearRegExp extends RegExpLike {
  /** `/pattern/flags`: ajv keys compiled patterns by it. */
  toString(): string;
}

/**
 * Compiles an ECMA-262 `pattern` with RE2.
 * @param flags ECMA-262 flags; `i` (case-insensitive), `s` (dot matches newlines) and `m`
 *   (multi-line anchors) are kept, `u` is RE2's own behaviour (it always reads Unicode).
 * @throws Error (RE2JS's syntax or compile exception) when RE2 cannot compile the pattern.
 */
export function linearRegExp(pattern: string, flags = ''): LinearRegExp {
  let mask = 0;
  if (flags.includes('i')) mask |= RE2JS.CASE_INSENSITIVE;
  if (flags.includes('s')) mask |= RE2JS.DOTALL;
  if (flags.includes('m')) mask |= RE2JS.MULTILINE;
  const compiled = RE2JS.compile(RE2JS.translateRegExp(pattern), mask);
  return { test: (input: string) => compiled.test(input), toString: () => `/${pattern}/${flags}` };
}

/**
 * Why RE2 cannot compile `pattern`, or null when it can.
 */
export function linearRegExpProblem(pattern: string): string | null {
  try {
    linearRegExp(pattern, 'u');
    return null;
  } catch (error) {
    return (error as Error).message || String(error);
  }
}

/**
 * ajv's `code.regExp` engine: `pattern` and `patternProperties` compiled with RE2. `code` names
 * the function for ajv's standalone output; the browser's validator modules are compiled by
 * rjsf's own ajv (validators.ts), not with this engine.
 */
export const LINEAR_REGEXP_ENGINE: RegExpEngine = Object.assign((pattern: string, u: string) => linearRegExp(pattern, u), {
  code: 'require("nivesh/linear-regexp").linearRegExp',
});
