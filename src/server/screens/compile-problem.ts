/**
 * Why ajv cannot compile a staff-written screen schema, worded by kind with its keyword and
 * pointer instead of ajv's own sentence: the studio says each kind again in the editor's
 * language (`studio.problem.compile*` texts, `src/server/domain/studio/problem-texts.ts`).
 * A failure of a kind not known here keeps ajv's message.
 */
import { createSchemaAjv } from './ajv.js';
import { re2Problem } from './regexp.js';

/** JSON Pointer escaping of one key (`~` → `~0`, `/` → `~1`). */
const escapeKey = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Keys whose values are data or names, not schemas: a keyword found under them is no keyword. */
const DATA_KEYWORDS = new Set(['examples', 'default', 'const', 'enum', 'x-messages', 'required']);
/** Keys whose values map names to schemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/** The pointer of the first schema in `schema` that carries `keyword`; `/` for the root, null when none does. */
function keywordPointer(schema: unknown, keyword: string): string | null {
  const visit = (node: unknown, pointer: string): string | null => {
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) {
        const found = visit(item, `${pointer}/${index}`);
        if (found !== null) return found;
      }
      return null;
    }
    if (!node || typeof node !== 'object') return null;
    if (Object.hasOwn(node, keyword)) return pointer || '/';
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      if (DATA_KEYWORDS.has(key) || !value || typeof value !== 'object') continue;
      const at = `${pointer}/${escapeKey(key)}`;
      const found = SCHEMA_MAPS.has(key) && !Array.isArray(value)
        ? Object.entries(value as Record<string, unknown>).reduce<string | null>((hit, [name, sub]) => hit ?? visit(sub, `${at}/${escapeKey(name)}`), null)
        : visit(value, at);
      if (found !== null) return found;
    }
    return null;
  };
  return visit(schema, '');
}

/** `#/properties/a` (ajv's schema path) as a pointer: `/properties/a`; `#` is `/`. */
const pointerOf = (schemaPath: string) => schemaPath.replace(/^#/, '') || '/';

/**
 * Why `schema` does not compile, in the lint's English wording:
 * - `unknown keyword "x" at /pointer` (strict mode refuses keywords it does not know);
 * - `unknown format "x" at /pointer`;
 * - `keyword "minimum" at /pointer needs "type": "number" beside it` (strict types);
 * - `reference "#/$defs/x" does not resolve`;
 * - `the value at /pointer is not valid JSON Schema (rule "enum")` (fails the meta-schema;
 *   the first such place);
 * - a pattern RE2 cannot compile: RE2's kind of failure and the part it names (regexp.ts);
 * - otherwise ajv's own message.
 * @param schema the schema ajv refused.
 * @param error what ajv threw when compiling it.
 */
export function compileProblem(schema: unknown, error: unknown): string {
  const re2 = re2Problem(error);
  if (re2) return re2;
  const message = error instanceof Error ? error.message : String(error);
  const missingRef = (error as { missingRef?: unknown }).missingRef;
  if (typeof missingRef === 'string') return `reference "${missingRef}" does not resolve`;
  const unknownKeyword = /^strict mode: unknown keyword: "([^"]+)"/.exec(message);
  if (unknownKeyword) return `unknown keyword "${unknownKeyword[1]}" at ${keywordPointer(schema, unknownKeyword[1]!) ?? '/'}`;
  const unknownFormat = /^unknown format "([^"]+)" ignored in schema at path "([^"]*)"/.exec(message);
  if (unknownFormat) return `unknown format "${unknownFormat[1]}" at ${pointerOf(unknownFormat[2]!)}`;
  const missingType = /^strict mode: missing type "([^"]+)" for keyword "([^"]+)" at "([^"]*)"/.exec(message);
  if (missingType) return `keyword "${missingType[2]}" at ${pointerOf(missingType[3]!)} needs "type": "${missingType[1]}" beside it`;
  if (message.startsWith('schema is invalid')) {
    const ajv = createSchemaAjv();
    if (schema && typeof schema === 'object' && !ajv.validateSchema(schema as object)) {
      const first = ajv.errors?.[0];
      if (first) return `the value at ${first.instancePath || '/'} is not valid JSON Schema (rule "${first.keyword}")`;
    }
  }
  return message;
}
