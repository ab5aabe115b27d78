/**
 * Checks a screen layout against the catalogue (`schemas/layout.meta.json`) and against the
 * rest of the system: every `call` is a registered route, every `schema` exists, every
 * `ui:widget` is in the catalogue, every message id exists in every locale. Problems name the
 * file and the JSON pointer. Used at server start, on live reload and by `npm run lint:schemas`.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import type { CallInfo } from '../../shared/calls.js';
import { lintEffects } from './effects-lint.js';
import { linearRegExpProblem } from './regexp.js';
import { lintBindings, type CallSchemas } from './binding-lint.js';

/** One finding: `file#pointer: message`. */
export interface LintProblem {
  file: string;
  pointer: string;
  message: string;
}

/** What a layout is checked against. */
export interface LintContext {
  meta: Record<string, unknown>;
  calls: ReadonlySet<string>;
  /**
   * A registered call's declaration. With it (and {@link contractOf}) the layout is also held
   * to what its screen may do: queries only where nothing is tapped, commands from the
   * screen's allow-list, its audience, its forms' contracts (effects-lint.ts).
   */
  callInfo?: (name: string) => CallInfo | undefined;
  /** The code-owned contract of a screen schema, or null (see {@link callInfo}). */
  contractOf?: (schema: string) => Record<string, unknown> | null;
  schemaExists(name: string): boolean;
  /** Returns the locales missing a message id (empty when present everywhere). */
  missingIn(messageId: string): string[];
  /** The texts of a message id in every language that has it (empty for a plain text). */
  labelsOf?(messageId: string): string[];
  /**
   * A registered call's request and response schemas: with it, bindings (`field`,
   * `itemFields`, `when.field`, `params`) are checked against them (binding-lint.ts).
   */
  callSchemas?(call: string): CallSchemas | undefined;
}

/** Keys whose string values are message ids. */
const MESSAGE_KEYS = new Set([
  'title', 'subtitle', 'label', 'toast', 'empty', 'text', 'confirm', 'reasonLabel', 'hint', 'ui:placeholder', 'ui:title', 'ui:description', 'ui:help',
]);

/**
 * The catalogue's validator by the catalogue's JSON text: one compile per process for as long as
 * the catalogue file is unchanged, however many stores (servers) read it. The catalogue object
 * a store holds is looked up by identity first, so a lint of one layout does not serialise the
 * whole catalogue.
 */
const metaValidators = new Map<string, ValidateFunction>();
const metaValidatorOf = new WeakMap<object, ValidateFunction>();

function metaValidator(meta: Record<string, unknown>): ValidateFunction {
  const known = metaValidatorOf.get(meta);
  if (known) return known;
  const key = JSON.stringify(meta);
  let validate = metaValidators.get(key);
  if (!validate) {
    validate = new Ajv({ allErrors: true, strict: false }).compile(meta);
    // A changed catalogue replaces the one before: only the current text is kept.
    metaValidators.clear();
    metaValidators.set(key, validate);
  }
  metaValidatorOf.set(meta, validate);
  return validate;
}

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Names of the widgets the catalogue allows. */
export function catalogueWidgets(meta: Record<string, unknown>): string[] {
  const defs = (meta.definitions ?? {}) as Record<string, { enum?: string[] }>;
  return defs.widgetName?.enum ?? [];
}

/**
 * Lints one layout.
 * @param file path shown in problems (relative to the schemas folder).
 */
export function lintLayout(file: string, layout: unknown, ctx: LintContext): LintProblem[] {
  const problems: LintProblem[] = [];
  const validate = metaValidator(ctx.meta);
  if (!validate(layout)) {
    for (const error of validate.errors ?? []) {
      if (error.keyword === 'if') continue; // the failing `then` is reported on its own
      const detail = error.keyword === 'additionalProperties'
        ? `unknown property '${(error.params as { additionalProperty: string }).additionalProperty}'`
        : error.keyword === 'enum'
          ? `must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`
          : error.message ?? error.keyword;
      problems.push({ file, pointer: error.instancePath || '/', message: detail });
    }
  }
  const widgets = new Set(catalogueWidgets(ctx.meta));
  walk(layout, '', (key, value, pointer) => {
    if (key === 'call' && typeof value === 'string' && !ctx.calls.has(value)) {
      problems.push({ file, pointer, message: `call '${value}' is not a registered route` });
    }
    const actionCall = key === 'call' && value && typeof value === 'object' ? (value as { name?: unknown }).name : undefined;
    if (typeof actionCall === 'string' && !ctx.calls.has(actionCall)) {
      problems.push({ file, pointer: `${pointer}/name`, message: `call '${actionCall}' is not a registered route` });
    }
    if (key === 'schema' && typeof value === 'string' && !ctx.schemaExists(value)) {
      problems.push({ file, pointer, message: `schema '${value}' does not exist (schemas/screens/${value}.schema.json)` });
    }
    if (key === 'ui:widget' && typeof value === 'string' && !widgets.has(value)) {
      problems.push({ file, pointer, message: `widget '${value}' is not in the catalogue` });
    }
    if (MESSAGE_KEYS.has(key) && typeof value === 'string') {
      const missing = ctx.missingIn(value);
      if (missing.length) problems.push({ file, pointer, message: `message id '${value}' is missing in ${missing.join(', ')}` });
    }
  });
  if (ctx.callSchemas) problems.push(...lintBindings(file, layout, ctx.callSchemas));
  const screen = /^screens\/([A-Za-z0-9_-]+)\.layout\.json$/.exec(file)?.[1];
  if (screen && ctx.callInfo && ctx.contractOf) {
    problems.push(...lintEffects(file, screen, layout, { callInfo: ctx.callInfo, contractOf: ctx.contractOf }));
  }
  return problems;
}

/** The shape of a text id: dotted segments (`bindBank.title`). */
const MESSAGE_ID = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)+$/;

/**
 * Lints a data schema's message ids (`title`, `x-messages`) — labels and errors live in locales.
 */
export function lintSchema(file: string, schema: unknown, ctx: Pick<LintContext, 'missingIn'>): LintProblem[] {
  const problems: LintProblem[] = [];
  walk(schema, '', (key, value, pointer) => {
    if (pointer.startsWith('/examples/')) return; // sample data, not labels
    // A title written as a text id (`field.email`) must exist in every language; any other
    // title (`Full name`) is shown as written.
    const isTitle = key === 'title' && pointer !== '/title' && typeof value === 'string' && MESSAGE_ID.test(value);
    const isMessage = /\/x-messages\/[^/]+$/.test(pointer) && typeof value === 'string';
    if (isTitle || isMessage) {
      const missing = ctx.missingIn(value as string);
      if (missing.length) problems.push({ file, pointer, message: `message id '${value}' is missing in ${missing.join(', ')}` });
    }
  });
  return problems;
}

/** Places in a schema whose values are data or message ids, not schema: a `pattern` key there is no pattern. */
const DATA_KEYWORDS = new Set(['examples', 'default', 'const', 'enum', 'x-messages']);

/**
 * Lints a staff-written schema's regular expressions: every `pattern` and every key of
 * `patternProperties` must compile in RE2 (regexp.ts), the linear-time engine the server
 * validates screen data with — a backreference or lookaround is refused here, with a pointer,
 * instead of making the whole schema fail to compile.
 */
export function lintPatterns(file: string, schema: unknown): LintProblem[] {
  const problems: LintProblem[] = [];
  const visit = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) node.forEach((item, index) => visit(item, `${pointer}/${index}`));
    if (!node || typeof node !== 'object' || Array.isArray(node)) return;
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      const at = `${pointer}/${escapePointer(key)}`;
      if (DATA_KEYWORDS.has(key)) continue;
      if (key === 'pattern' && typeof value === 'string') {
        const problem = linearRegExpProblem(value);
        if (problem) problems.push({ file, pointer: at, message: `pattern ${JSON.stringify(value)} is refused: the server runs patterns in linear time (RE2), which cannot compile it: ${problem}` });
      } else if (key === 'patternProperties' && value && typeof value === 'object' && !Array.isArray(value)) {
        for (const [expression, sub] of Object.entries(value as Record<string, unknown>)) {
          const problem = linearRegExpProblem(expression);
          if (problem) problems.push({ file, pointer: `${at}/${escapePointer(expression)}`, message: `pattern ${JSON.stringify(expression)} is refused: the server runs patterns in linear time (RE2), which cannot compile it: ${problem}` });
          visit(sub, `${at}/${escapePointer(expression)}`);
        }
      } else if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value)) {
        // Property names are names: a property called `pattern` is a schema, visited as one.
        for (const [name, sub] of Object.entries(value as Record<string, unknown>)) visit(sub, `${at}/${escapePointer(name)}`);
      } else {
        visit(value, at);
      }
    }
  };
  visit(schema, '');
  return problems;
}

function walk(node: unknown, pointer: string, visit: (key: string, value: unknown, pointer: string) => void): void {
  if (Array.isArray(node)) {
    node.forEach((item, index) => walk(item, `${pointer}/${index}`, visit));
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      const child = `${pointer}/${escapePointer(key)}`;
      visit(key, value, child);
      walk(value, child, visit);
    }
  }
}

/** Formats problems one per line: `file#/pointer: message`. */
export const formatProblems = (problems: LintProblem[]): string =>
  problems.map((p) => `${p.file}#${p.pointer}: ${p.message}`).join('\n');

/**
 * Every message id a layout and its data schemas use (labels, titles, help texts,
 * field titles, `x-messages`), sorted — the texts the studio shows per language and versions snapshot.
 */
export function usedMessageIds(layout: unknown, schemas: unknown[]): string[] {
  const ids = new Set<string>();
  walk(layout, '', (key, value) => {
    if (MESSAGE_KEYS.has(key) && typeof value === 'string') ids.add(value);
  });
  for (const schema of schemas) {
    walk(schema, '', (key, value, pointer) => {
      if (pointer.startsWith('/examples/') || typeof value !== 'string') return;
      if ((key === 'title' && pointer !== '/title' && MESSAGE_ID.test(value)) || /\/x-messages\/[^/]+$/.test(pointer)) ids.add(value);
    });
  }
  return [...ids].sort();
}
