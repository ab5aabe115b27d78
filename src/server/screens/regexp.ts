/**
 * Linear-time regular expressions for schemas written by staff. A screen schema is edited in the
 * studio by people the server does not trust with its CPU: RE2 (`src/shared/linear-regexp.ts`)
 * matches in time linear in the input, so a pattern it compiles is safe to run on any data, and
 * one it cannot compile is refused in the studio with a pointer. The browser's form validators
 * (validators.ts) run the same engine.
 */
import type { RegExpEngine } from 'ajv/dist/types/index.js';
import { linearRegExp } from '../../shared/linear-regexp.js';

export { linearRegExp, type LinearRegExp } from '../../shared/linear-regexp.js';

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
 * ajv's `code.regExp` engine: `pattern` and `patternProperties` compiled with RE2. `code` is
 * what ajv's standalone output calls: the runtime module `nivesh/linear-regexp`, which the
 * browser's validator loader maps to `src/shared/linear-regexp.ts`.
 */
export const LINEAR_REGEXP_ENGINE: RegExpEngine = Object.assign((pattern: string, u: string) => linearRegExp(pattern, u), {
  code: 'require("nivesh/linear-regexp").linearRegExp',
});
