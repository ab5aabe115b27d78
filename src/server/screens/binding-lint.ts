/**
 * Checks a layout's data bindings against the calls they name: a list or detail bound to the
 * wrong call, or to a field its call does not answer, would render blank. Each block that loads
 * a call (`load: {call, params, from}`) is held to that call's schemas:
 *
 * - `load.params` keys, and the keys of its actions' `params`, against the named call's request
 *   (body) schema — a key the body does not take is refused by the server (1001);
 * - detail blocks: `fields[].field`, `fields[].itemFields` (inside the list at `field`),
 *   `photos[].field`, `actions[].when.field` and the `{field}` placeholders of `actions[].params`
 *   against the response (`data`) schema; `actions[].result.field` against the action call's;
 * - list blocks: `item.title|subtitle|trailing.field`, `itemActions[].if.field`, the `{field}`
 *   placeholders of `item.link` and `itemActions[].params` against one item of the response (an
 *   array, or a page's `items`).
 *
 * A path is refused only where the schema is sure: an object that lists its properties and
 * allows no others. Where a response schema says nothing (`{}`), or a call has none, nothing
 * is checked. Problems carry the JSON pointer of the binding.
 */
import type { LintProblem } from './lint.js';

type Node = Record<string, unknown>;

/** A call's schemas as the lint sees them. */
export interface CallSchemas {
  /** The body schema (the contract for a form's body); null: the call takes no parameters; undefined: unknown. */
  request?: Node | null;
  /** The response (`data`) schema; undefined: unknown. */
  response?: Node;
}

const isNode = (value: unknown): value is Node => !!value && typeof value === 'object' && !Array.isArray(value);
const esc = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** What a path resolves to: a schema, `open` (nothing to check below), or `missing` with the first missing segment. */
type Resolved = { schema: Node } | { open: true } | { missing: string };

/** Resolves a dot path (`bank.extraText`, `items.0.name`) in a schema. */
export function resolvePath(schema: Node | undefined, path: string): Resolved {
  let node: Node | undefined = schema;
  const segments = path === '' ? [] : path.split('.');
  for (let i = 0; i < segments.length; i++) {
    if (!node) return { open: true };
    const segment = segments[i]!;
    const branches = (node.anyOf ?? node.oneOf) as Node[] | undefined;
    if (Array.isArray(branches)) {
      const rest = segments.slice(i).join('.');
      const results = branches.filter(isNode).map((branch) => resolvePath(branch, rest));
      return results.find((r) => 'schema' in r) ?? results.find((r) => 'open' in r) ?? results[0] ?? { open: true };
    }
    const types = typeof node.type === 'string' ? [node.type] : Array.isArray(node.type) ? (node.type as string[]) : [];
    if (types.includes('array') && /^\d+$/.test(segment)) {
      node = isNode(node.items) ? node.items : undefined;
      continue;
    }
    const properties = isNode(node.properties) ? (node.properties as Record<string, Node>) : undefined;
    if (properties && isNode(properties[segment])) {
      node = properties[segment];
      continue;
    }
    // Only an object that lists its fields and allows no others can be sure a field is missing.
    if (properties && node.additionalProperties === false) return { missing: segment };
    if (isNode(node.additionalProperties)) {
      node = node.additionalProperties;
      continue;
    }
    return { open: true };
  }
  return node ? { schema: node } : { open: true };
}

/** The schema of one element of a list response: the array's items, or a page's `items`' items. */
function itemOf(schema: Node | undefined): Node | undefined {
  if (!schema) return undefined;
  const types = typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? (schema.type as string[]) : [];
  if (types.includes('array')) return isNode(schema.items) ? schema.items : undefined;
  const items = resolvePath(schema, 'items');
  if ('schema' in items) return isNode(items.schema.items) ? items.schema.items : undefined;
  return undefined;
}

/** `{field}` placeholders of a template value that read the record (not `query.`, `form.`, …). */
function placeholders(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return [...value.matchAll(/\{([A-Za-z0-9_.]+)\}/g)].map((m) => m[1]!).filter((p) => !/^(query|form|state|user|route|params|item)\./.test(p));
}

/**
 * Lints one layout's bindings.
 * @param schemasOf a registered call's schemas, or undefined for an unknown call (reported elsewhere).
 */
export function lintBindings(file: string, layout: unknown, schemasOf: (call: string) => CallSchemas | undefined): LintProblem[] {
  const problems: LintProblem[] = [];
  const push = (pointer: string, message: string) => problems.push({ file, pointer, message });

  /** Checks `path` against `schema`; reports at `pointer`. */
  const bound = (schema: Node | undefined, path: unknown, pointer: string, call: string, what: string): Node | undefined => {
    if (typeof path !== 'string' || !schema) return undefined;
    const resolved = resolvePath(schema, path);
    if ('missing' in resolved) {
      push(pointer, `'${path}' is not in ${what} of '${call}' (no field '${resolved.missing}'): it would show nothing`);
      return undefined;
    }
    return 'schema' in resolved ? resolved.schema : undefined;
  };
  /** Checks a params object's keys against `call`'s request schema. */
  const params = (call: unknown, value: unknown, pointer: string): void => {
    if (typeof call !== 'string' || !isNode(value)) return;
    const request = schemasOf(call)?.request;
    if (request === undefined) return;
    for (const key of Object.keys(value)) {
      const at = `${pointer}/${esc(key)}`;
      if (request === null) push(at, `'${call}' takes no parameters: '${key}' would be refused`);
      else if ('missing' in resolvePath(request, key)) push(at, `'${call}' does not take '${key}' (its request schema has no such field): the call would be refused`);
    }
  };

  const block = (node: Node, pointer: string): void => {
    const load = node.load;
    if (!isNode(load) || typeof load.call !== 'string') return;
    const call = load.call;
    params(call, load.params, `${pointer}/load/params`);
    let root = schemasOf(call)?.response;
    if (root && typeof load.from === 'string') root = bound(root, load.from, `${pointer}/load/from`, call, 'the answer');
    if (!root) return;
    if (node.kind === 'detail') {
      (Array.isArray(node.fields) ? node.fields : []).forEach((field, i) => {
        if (!isNode(field)) return;
        const at = `${pointer}/fields/${i}`;
        const value = bound(root, field.field, `${at}/field`, call, 'the answer');
        if (Array.isArray(field.itemFields) && value) {
          const item = itemOf(value);
          field.itemFields.forEach((f, j) => {
            const name = typeof f === 'string' ? f : isNode(f) ? f.field : undefined;
            bound(item, name, typeof f === 'string' ? `${at}/itemFields/${j}` : `${at}/itemFields/${j}/field`, call, `an item of '${String(field.field)}' in the answer`);
          });
        }
      });
      (Array.isArray(node.photos) ? node.photos : []).forEach((photo, i) => isNode(photo) && bound(root, photo.field, `${pointer}/photos/${i}/field`, call, 'the answer'));
      (Array.isArray(node.actions) ? node.actions : []).forEach((action, i) => {
        if (!isNode(action)) return;
        const at = `${pointer}/actions/${i}`;
        if (isNode(action.when)) bound(root, action.when.field, `${at}/when/field`, call, 'the answer');
        params(action.call, action.params, `${at}/params`);
        if (isNode(action.params)) {
          for (const [key, value] of Object.entries(action.params)) for (const p of placeholders(value)) bound(root, p, `${at}/params/${esc(key)}`, call, 'the answer');
        }
        if (isNode(action.result) && typeof action.call === 'string') bound(schemasOf(action.call)?.response, action.result.field, `${at}/result/field`, action.call, 'the answer');
      });
    }
    if (node.kind === 'list') {
      const item = itemOf(root);
      if (!item) return;
      const what = 'an item of the answer';
      const spec = isNode(node.item) ? node.item : {};
      for (const key of ['title', 'trailing'] as const) if (isNode(spec[key])) bound(item, (spec[key] as Node).field, `${pointer}/item/${key}/field`, call, what);
      (Array.isArray(spec.subtitle) ? spec.subtitle : []).forEach((b, i) => isNode(b) && bound(item, b.field, `${pointer}/item/subtitle/${i}/field`, call, what));
      for (const p of placeholders(spec.link)) bound(item, p, `${pointer}/item/link`, call, what);
      (Array.isArray(node.itemActions) ? node.itemActions : []).forEach((action, i) => {
        if (!isNode(action)) return;
        const at = `${pointer}/itemActions/${i}`;
        if (isNode(action.if)) bound(item, action.if.field, `${at}/if/field`, call, what);
        params(action.call, action.params, `${at}/params`);
        if (isNode(action.params)) {
          for (const [key, value] of Object.entries(action.params)) for (const p of placeholders(value)) bound(item, p, `${at}/params/${esc(key)}`, call, what);
        }
      });
    }
  };

  const visit = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) node.forEach((item, i) => visit(item, `${pointer}/${i}`));
    else if (isNode(node)) {
      if (typeof node.kind === 'string') block(node, pointer);
      for (const [key, value] of Object.entries(node)) if (key !== 'load') visit(value, `${pointer}/${esc(key)}`);
    }
  };
  visit(isNode(layout) ? layout.blocks : undefined, '/blocks');
  return problems;
}
