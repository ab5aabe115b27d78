/**
 * Reading an editor's text as a JSON document: the object it holds, or where it stops being
 * one. `JSON.parse` decides whether the text is JSON; where it broke is found with the JSON
 * grammar CodeMirror's editor already uses (its first error node), so the studio can name the
 * line and column the editor marks.
 */
import { jsonLanguage } from '@codemirror/lang-json';
import { Text } from '@codemirror/state';

/** Where a text stops being a JSON object: 1-based line and column. */
export interface JsonDocumentError {
  line: number;
  column: number;
  /** `notObject`: valid JSON, but not an object (`[]`, `3`, `"x"`); `syntax`: not JSON at all. */
  kind: 'syntax' | 'notObject';
}

/** The object a text holds (`value`), or where it is broken (`error`); exactly one is set. */
export type ParsedDocument = { value: Record<string, unknown>; error: null } | { value: null; error: JsonDocumentError };

/** The offset of the first syntax error in a JSON text (its end when the grammar finds none). */
function errorOffset(text: string): number {
  let offset = -1;
  jsonLanguage.parser.parse(text).iterate({
    enter(node) {
      if (offset >= 0) return false;
      if (node.type.isError) offset = node.from;
      return undefined;
    },
  });
  return offset >= 0 ? offset : text.length;
}

/** Line and column (1-based) of an offset. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  const doc = Text.of(text.split('\n'));
  const line = doc.lineAt(Math.min(offset, doc.length));
  return { line: line.number, column: offset - line.from + 1 };
}

/**
 * Parses an editor's text.
 * @returns the object, or the error with the line and column where the text stops being JSON
 *   (line 1, column 1 for valid JSON that is not an object).
 */
export function parseDocument(text: string): ParsedDocument {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { value: null, error: { kind: 'syntax', ...lineColumn(text, errorOffset(text)) } };
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) return { value: value as Record<string, unknown>, error: null };
  return { value: null, error: { kind: 'notObject', line: 1, column: 1 } };
}

/**
 * The smallest single replacement turning `from` into `to` (common head and tail kept), so an
 * outside change keeps the cursor, the selection and the undo history of everything around it.
 */
export function minimalChange(from: string, to: string): { from: number; to: number; insert: string } | null {
  if (from === to) return null;
  let head = 0;
  const shortest = Math.min(from.length, to.length);
  while (head < shortest && from.charCodeAt(head) === to.charCodeAt(head)) head += 1;
  let tail = 0;
  while (tail < shortest - head && from.charCodeAt(from.length - 1 - tail) === to.charCodeAt(to.length - 1 - tail)) tail += 1;
  return { from: head, to: from.length - tail, insert: to.slice(head, to.length - tail) };
}
