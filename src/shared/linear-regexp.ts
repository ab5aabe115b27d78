/**
 * Linear-time regular expressions for schemas written by staff, the same engine on the server
 * and in the browser. A `pattern` such as `(a+)+$` takes exponential time in a backtracking
 * engine (JavaScript's `RegExp`) on a short hostile input. RE2 (here its pure JavaScript port,
 * re2js) matches in time linear in the input and refuses what it cannot do that way
 * (backreferences, lookarounds). The server validates with it (`src/server/screens/regexp.ts`)
 * and the form validators compiled for the browser `require` this module
 * (`nivesh/linear-regexp`), so a pattern accepts and refuses the same values on the phone as on
 * the server — RE2's `.` and `\s` differ from `RegExp`'s (`.` matches `\r`, `\s` is ASCII only).
 * Patterns code owns run on `RegExp` everywhere instead (`pattern-engine.ts`).
 *
 * JSON Schema's `pattern` is an ECMA-262 expression that may match anywhere in the string;
 * `RE2JS.translateRegExp` maps its syntax (`\uXXXX`, `(?<name>…)`, `/`) to RE2's, and
 * `test` searches unanchored, as `RegExp.prototype.test` does.
 */
import { RE2JS } from 're2js';

/** A compiled linear-time expression: the part of `RegExp` ajv's code uses. */
export interface LinearRegExp {
  /** Whether the expression matches anywhere in `input`. */
  test(input: string): boolean;
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
