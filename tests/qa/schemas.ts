/**
 * Reads screens as data — `schemas/screens/<id>.layout.json` and `<id>.schema.json` — for the
 * case linter and the generator. Never looks at renderer code, so it works with any renderer
 * structure that honours the catalogue (`schemas/layout.meta.json`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import { createSchemaAjv } from '../../src/server/screens/ajv';
import { toFieldError, type SchemaNode } from '../../src/shared/validation';

/** The repository's schemas folder. */
export const SCHEMAS_DIR = path.resolve(import.meta.dirname, '../../schemas');

/** A layout as the generator reads it (only what it needs). */
export interface LayoutData {
  screen: string;
  title?: string;
  blocks: BlockData[];
  [key: string]: unknown;
}

/** One block of a layout. */
export interface BlockData {
  kind: string;
  id?: string;
  schema?: string;
  load?: { call: string; params?: Record<string, unknown> };
  submit?: { call: string; label: string; onSuccess?: Array<Record<string, unknown>>; idempotent?: boolean };
  ui?: Record<string, Record<string, unknown> | unknown>;
  initial?: Record<string, unknown>;
  when?: { call: string; field: string; in: unknown[] };
  empty?: string;
  [key: string]: unknown;
}

/** A form block with its resolved schema. */
export interface FormData {
  /** What `data-testid="form-<id>"` and case steps call it: the block id, else its schema. */
  formId: string;
  block: BlockData;
  schema: SchemaNode;
}

const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(file, 'utf8')) as T;

/** Screen ids that have a layout. */
export function screenIds(dir = SCHEMAS_DIR): string[] {
  return fs.readdirSync(path.join(dir, 'screens')).filter((n) => n.endsWith('.layout.json')).map((n) => n.slice(0, -'.layout.json'.length)).sort();
}

/** A screen's layout, or undefined when it has none. */
export function readLayout(screen: string, dir = SCHEMAS_DIR): LayoutData | undefined {
  const file = path.join(dir, 'screens', `${screen}.layout.json`);
  return fs.existsSync(file) ? readJson<LayoutData>(file) : undefined;
}

/** A data schema by name, or undefined. */
export function readSchema(name: string, dir = SCHEMAS_DIR): SchemaNode | undefined {
  const file = path.join(dir, 'screens', `${name}.schema.json`);
  return fs.existsSync(file) ? readJson<SchemaNode>(file) : undefined;
}

/** The form blocks of a layout with their schemas. */
export function formsOf(layout: LayoutData, dir = SCHEMAS_DIR, { inTabs = false } = {}): FormData[] {
  // Forms inside a `tabs` block show only once their tab is tapped: case files reach them
  // (`inTabs`, for the lint and the driver); the generator, which does not tap, leaves them out.
  const blocks = (list: BlockData[]): BlockData[] =>
    list.flatMap((block) => (block.kind === 'tabs' && inTabs ? blocks(((block.tabs ?? []) as Array<{ blocks?: BlockData[] }>).flatMap((tab) => tab.blocks ?? [])) : [block]));
  return blocks(layout.blocks)
    .filter((block) => block.kind === 'form' && typeof block.schema === 'string')
    .map((block) => ({ formId: block.id ?? block.schema!, block, schema: readSchema(block.schema!, dir) ?? {} }));
}

/** The screen a route path shows (`/bindBank?x=1` → `bindBank`). */
export const screenOfRoute = (route: string): string => route.replace(/^\//, '').split(/[?#]/)[0]!.split('/')[0]!;

const validators = new Map<string, ValidateFunction>();

/** The compiled validator of a screen schema (same ajv options and keywords as the server). */
export function validatorFor(name: string, dir = SCHEMAS_DIR): ValidateFunction {
  const key = `${dir}|${name}`;
  let validate = validators.get(key);
  if (!validate) {
    const schema = readSchema(name, dir);
    if (!schema) throw new Error(`schema '${name}' does not exist (schemas/screens/${name}.schema.json)`);
    validate = createSchemaAjv().compile({ ...schema, $schema: undefined, examples: undefined });
    validators.set(key, validate);
  }
  return validate;
}

/** Problems of a request body against a screen schema (`field: message id`), empty when valid. */
export function checkBody(name: string, body: unknown, dir = SCHEMAS_DIR): string[] {
  const validate = validatorFor(name, dir);
  if (validate(body)) return [];
  const schema = readSchema(name, dir)!;
  return (validate.errors ?? []).filter((e) => e.keyword !== 'if').map((e) => {
    const f = toFieldError(e, schema);
    return `${f.field}: ${f.messageId} (${e.keyword})`;
  });
}

/**
 * The message id the app shows for a field when the form holds `data` (the first error on that
 * field), or undefined when the field is valid — the same mapping the browser and server use.
 */
export function expectedFieldMessage(name: string, data: Record<string, unknown>, field: string, dir = SCHEMAS_DIR): { messageId: string; values?: Record<string, string | number> } | undefined {
  const validate = validatorFor(name, dir);
  if (validate(data)) return undefined;
  const schema = readSchema(name, dir)!;
  for (const error of validate.errors ?? []) {
    if (error.keyword === 'if') continue;
    const mapped = toFieldError(error, schema);
    if (mapped.field === field) return { messageId: mapped.messageId, values: mapped.values };
  }
  return undefined;
}
