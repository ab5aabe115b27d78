/**
 * Linear-time regular expressions for schemas written by staff. A screen schema is edited in the
 * studio by people the server does not trust with its CPU: RE2 (`src/shared/linear-regexp.ts`)
 * matches in time linear in the input, so a pattern it compiles is safe to run on any data, and
 * one it cannot compile is refused in the studio with a pointer. The browser's form validators
 * (validators.ts) run the same engine.
 */
import type { RegExpEngine } from 'ajv/dist/types/index.js';
import { linearRegExp } from '../../shared/linear-regexp.js';
import { patternEngine } from '../../shared/pattern-engine.js';

export { linearRegExp, type LinearRegExp } from '../../shared/linear-regexp.js';

/**
 * Why RE2 cannot compile `pattern`, or null when it can: RE2's kind of failure (its fixed
 * English wording, such as `invalid or unsupported Perl syntax`, which the studio says again in
 * the editor's language) and the part of the pattern it names (`` invalid escape sequence: `\1` ``);
 * RE2's whole message for a failure that names no kind.
 */
export function linearRegExpProblem(pattern: string): string | null {
  try {
    linearRegExp(pattern, 'u');
    return null;
  } catch (error) {
    return re2Problem(error) ?? ((error as Error).message || String(error));
  }
}

/**
 * RE2's kind of failure and the part of the pattern it names (`` missing closing ): `(a` ``)
 * when `error` is RE2's syntax exception; null for any other error.
 */
export function re2Problem(error: unknown): string | null {
  const { error: kind, input } = (error ?? {}) as { error?: unknown; input?: unknown };
  if (typeof kind !== 'string' || !kind) return null;
  return typeof input === 'string' && input ? `${kind}: \`${input}\`` : kind;
}

/**
 * ajv's `code.regExp` engine for screen schemas: `pattern` and `patternProperties` compiled
 * with RE2, except the patterns code owns, which run on `RegExp` as in their contracts
 * (`src/shared/pattern-engine.ts`). `code` is what ajv's standalone output calls: the runtime
 * module `nivesh/linear-regexp`, which the browser's validator loader answers with the same
 * choice (loading RE2 only for a schema with a staff-written pattern).
 */
const screenPatterns = patternEngine(linearRegExp);
export const LINEAR_REGEXP_ENGINE: RegExpEngine = Object.assign((pattern: string, u: string) => screenPatterns(pattern, u), {
  code: 'require("nivesh/linear-regexp").linearRegExp',
});
