/**
 * Which engine runs a schema `pattern`. The patterns code owns — those of the call contracts and
 * payloads, written by engineers (`src/shared/generated/code-owned-patterns.ts`, made by
 * `npm run gen`) — run on JavaScript's `RegExp` wherever they appear: in a contract, in a screen
 * schema that repeats them, on the server and on the phone. Every other pattern is one staff
 * wrote in the studio and runs on RE2 (`linear-regexp.ts`), which matches in linear time. So one
 * pattern text always answers the same on the phone and on the server, and a form whose
 * patterns are all code-owned never loads RE2.
 */
import { CODE_OWNED_PATTERN_LIST } from './generated/code-owned-patterns.js';

/** The pattern texts code owns (exact source texts). */
export const CODE_OWNED_PATTERNS: ReadonlySet<string> = new Set(CODE_OWNED_PATTERN_LIST);

/** Whether `pattern` is one code owns (and so runs on `RegExp`). */
export const isCodeOwnedPattern = (pattern: string): boolean => CODE_OWNED_PATTERNS.has(pattern);

/** The part of a compiled expression ajv's code uses. */
export interface PatternMatcher {
  /** Whether the expression matches anywhere in `input`. */
  test(input: string): boolean;
  /** `/pattern/flags`: ajv keys compiled patterns by it. */
  toString(): string;
}

/**
 * ajv's pattern engine over a linear-time compiler: code-owned patterns on `RegExp`, the rest
 * on `linear`.
 * @param linear compiles a staff pattern (RE2); omitted when the schema has none, and then a
 *   staff pattern is an error.
 * @throws Error from `linear` or `RegExp` when a pattern does not compile, or when a staff
 *   pattern meets an engine built without `linear`.
 */
export function patternEngine(linear?: (pattern: string, flags: string) => PatternMatcher): (pattern: string, flags?: string) => PatternMatcher {
  return (pattern, flags = '') => {
    if (isCodeOwnedPattern(pattern)) return new RegExp(pattern, flags);
    if (!linear) throw new Error(`pattern ${JSON.stringify(pattern)} needs the linear-time engine`);
    return linear(pattern, flags);
  };
}
