/**
 * Completion of data bindings in the layout editor, from the calls' own schemas
 * (`studio/calls/list`: every call with its request and response schema):
 *
 * - the value of any `"call"`: the registered call names;
 * - a `"field"` value, an `itemFields` entry and `when.field`: the fields of the answer of the
 *   enclosing block's `load` call (below `load.from`); in a list's `item` and `itemActions`,
 *   the fields of one item of the answer; in `fields[].itemFields`, of one item of the list at
 *   that entry's `field`; in a block that only submits, the fields of the `submit` call's body;
 * - a key of a `params` object: the fields the sibling `call` takes (its request schema).
 *
 * Nested fields are offered as dot paths (`bank.ifsc`), as the renderer reads them. The document
 * is read from the editor's syntax tree, so completion works while the rest of the text does
 * not parse. The layout lint (`src/server/screens/binding-lint.ts`) checks the same paths.
 */
import type { Completion, CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete';
import { ensureSyntaxTree, syntaxTree } from '@codemirror/language';
import type { EditorState } from '@codemirror/state';
import type { SyntaxNode } from '@lezer/common';

type Node = Record<string, unknown>;

/** One row of `studio/calls/list`: a call and its schemas (null: none or unknown). */
export interface CallSchemas {
  name: string;
  access?: string;
  request: Node | null;
  response: Node | null;
}

const isNode = (value: unknown): value is Node => !!value && typeof value === 'object' && !Array.isArray(value);
const PUNCTUATION = new Set(['{', '}', '[', ']', ',', ':', 'PropertyName', '⚠']);
/** How deep nested objects are offered as dot paths. */
const MAX_DEPTH = 3;

const textOf = (state: EditorState, node: SyntaxNode) => state.sliceDoc(node.from, node.to);

/** A string token's text without its quotes (an unclosed string too). */
function unquote(raw: string): string {
  try {
    return JSON.parse(raw) as string;
  } catch {
    return raw.replace(/^"/, '').replace(/"$/, '');
  }
}

/** The value node of a `Property` (null while it has none). */
function valueNode(property: SyntaxNode): SyntaxNode | null {
  for (let child = property.lastChild; child; child = child.prevSibling) if (!PUNCTUATION.has(child.name)) return child;
  return null;
}

/** The key of a `Property`. */
function keyOf(state: EditorState, property: SyntaxNode): string | undefined {
  const name = property.getChild('PropertyName');
  return name ? unquote(textOf(state, name)) : undefined;
}

/** The value a syntax node holds; parts that do not parse are left out. */
function valueOf(state: EditorState, node: SyntaxNode | null): unknown {
  if (!node) return undefined;
  switch (node.name) {
    case 'String':
      return unquote(textOf(state, node));
    case 'Number':
      return Number(textOf(state, node));
    case 'True':
      return true;
    case 'False':
      return false;
    case 'Null':
      return null;
    case 'Object': {
      const out: Node = {};
      for (let child = node.firstChild; child; child = child.nextSibling) {
        if (child.name !== 'Property') continue;
        const key = keyOf(state, child);
        if (key !== undefined) out[key] = valueOf(state, valueNode(child));
      }
      return out;
    }
    case 'Array': {
      const out: unknown[] = [];
      for (let child = node.firstChild; child; child = child.nextSibling) if (!PUNCTUATION.has(child.name)) out.push(valueOf(state, child));
      return out;
    }
    default:
      return undefined;
  }
}

/** One step from the root to the cursor: the container node and the key or index in it. */
interface Step {
  container: SyntaxNode;
  key: string | number;
}

/** The steps from the document's root down to `node` (its own key or index last). */
function stepsTo(state: EditorState, node: SyntaxNode): Step[] {
  const steps: Step[] = [];
  let child = node;
  for (let parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (parent.name === 'Property') {
      const key = keyOf(state, parent);
      const object = parent.parent;
      if (key !== undefined && object) steps.unshift({ container: object, key });
      child = parent;
      parent = object;
      if (!parent) break;
    } else if (parent.name === 'Array') {
      let index = 0;
      for (let sibling = child.prevSibling; sibling; sibling = sibling.prevSibling) if (!PUNCTUATION.has(sibling.name)) index += 1;
      steps.unshift({ container: parent, key: index });
    }
  }
  return steps;
}

const typesOf = (schema: Node): string[] => (typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? (schema.type as string[]) : []);

/** The branches a schema may take (`anyOf`/`oneOf`), or itself. */
function branches(schema: Node): Node[] {
  const list = (schema.anyOf ?? schema.oneOf) as unknown;
  return Array.isArray(list) ? list.filter(isNode) : [schema];
}

/** The schema at a dot path (`bank.ifsc`, `items.0`), or undefined where the schema does not say. */
export function schemaAt(schema: Node | null | undefined, path: string): Node | undefined {
  let node: Node | undefined = schema ?? undefined;
  for (const segment of path === '' ? [] : path.split('.')) {
    if (!node) return undefined;
    let next: Node | undefined;
    for (const branch of branches(node)) {
      if (typesOf(branch).includes('array') && /^\d+$/.test(segment)) next = isNode(branch.items) ? branch.items : undefined;
      else if (isNode(branch.properties) && isNode(branch.properties[segment])) next = branch.properties[segment] as Node;
      if (next) break;
    }
    node = next;
  }
  return node;
}

/** The schema of one element of a list answer: an array's items, or a page's `items`' items. */
export function itemSchema(schema: Node | undefined): Node | undefined {
  if (!schema) return undefined;
  for (const branch of branches(schema)) {
    if (typesOf(branch).includes('array')) return isNode(branch.items) ? branch.items : undefined;
    const items = schemaAt(branch, 'items');
    if (items && isNode(items.items)) return items.items;
  }
  return undefined;
}

/** The fields of an object schema as completions, nested objects as dot paths. */
export function fieldOptions(schema: Node | undefined, prefix = '', depth = 0): Completion[] {
  if (!schema || depth >= MAX_DEPTH) return [];
  const seen = new Set<string>();
  const options: Completion[] = [];
  for (const branch of branches(schema)) {
    if (!isNode(branch.properties)) continue;
    for (const [name, value] of Object.entries(branch.properties)) {
      const label = `${prefix}${name}`;
      if (seen.has(label) || !isNode(value)) continue;
      seen.add(label);
      const type = typesOf(value).join(' | ') || (branches(value).length > 1 ? 'anyOf' : undefined);
      options.push({ label, type: 'property', detail: type, boost: -depth });
      if (branches(value).some((b) => isNode(b.properties))) options.push(...fieldOptions(value, `${label}.`, depth + 1));
    }
  }
  return options;
}

/** What to offer at the cursor: call names, fields of a schema, or nothing. */
type Offer = { kind: 'calls' } | { kind: 'fields'; schema: Node | undefined } | null;

/**
 * What the cursor's place in a layout asks for.
 * @param steps the path from the root to the string at the cursor.
 * @param isKey whether the string is a property name (else a value).
 */
function offerAt(state: EditorState, steps: Step[], isKey: boolean, calls: Map<string, CallSchemas>): Offer {
  const last = steps[steps.length - 1];
  if (!last) return null;
  if (isKey) {
    // A key of `params`: the fields the call next to it takes.
    const parent = steps[steps.length - 2];
    if (parent?.key !== 'params') return null;
    const owner = valueOf(state, parent.container);
    const call = isNode(owner) && typeof owner.call === 'string' ? owner.call : undefined;
    return call ? { kind: 'fields', schema: calls.get(call)?.request ?? undefined } : null;
  }
  if (last.key === 'call') return { kind: 'calls' };
  const inItemFields = steps.some((s) => s.key === 'itemFields');
  if (last.key !== 'field' && !(inItemFields && typeof last.key === 'number')) return null;

  // The enclosing block: the nearest object with a `kind`.
  let blockAt = -1;
  for (let i = steps.length - 1; i >= 0; i--) {
    const value = valueOf(state, steps[i]!.container);
    if (isNode(value) && typeof value.kind === 'string') {
      blockAt = i;
      break;
    }
  }
  if (blockAt < 0) return null;
  const block = valueOf(state, steps[blockAt]!.container) as Node;
  const inside = steps.slice(blockAt).map((s) => s.key);
  const load = isNode(block.load) ? block.load : undefined;
  const submit = isNode(block.submit) ? block.submit : undefined;
  let root: Node | undefined;
  if (load && typeof load.call === 'string') {
    root = calls.get(load.call)?.response ?? undefined;
    if (typeof load.from === 'string' && load.from) root = schemaAt(root, load.from);
  } else if (submit && typeof submit.call === 'string') {
    return { kind: 'fields', schema: calls.get(submit.call)?.request ?? undefined };
  } else return null;
  // An action's result reads the answer of the action's own call.
  const resultAt = inside.indexOf('result');
  if (resultAt > 0) {
    const action = valueOf(state, steps[blockAt + resultAt]!.container);
    const call = isNode(action) && typeof action.call === 'string' ? action.call : undefined;
    return { kind: 'fields', schema: call ? calls.get(call)?.response ?? undefined : undefined };
  }
  if (block.kind === 'list' && (inside[0] === 'item' || inside[0] === 'itemActions')) return { kind: 'fields', schema: itemSchema(root) };
  const itemFieldsAt = inside.indexOf('itemFields');
  if (itemFieldsAt > 0) {
    const entry = valueOf(state, steps[blockAt + itemFieldsAt]!.container);
    const list = isNode(entry) && typeof entry.field === 'string' ? schemaAt(root, entry.field) : undefined;
    return { kind: 'fields', schema: itemSchema(list) };
  }
  return { kind: 'fields', schema: root };
}

/**
 * The completion source of the layout editor.
 * @param calls the calls with their schemas (read at each completion: they arrive after the editor).
 */
export function bindingCompletions(calls: () => readonly CallSchemas[]): CompletionSource {
  return (context: CompletionContext): CompletionResult | null => {
    // The whole document's tree: a block's `load` may come after the field being typed.
    const tree = ensureSyntaxTree(context.state, context.state.doc.length, 200) ?? syntaxTree(context.state);
    const node = tree.resolveInner(context.pos, -1);
    const isKey = node.name === 'PropertyName';
    if (node.name !== 'String' && !isKey) return null;
    // Inside the quotes only.
    if (context.pos <= node.from) return null;
    const byName = new Map(calls().map((c) => [c.name, c]));
    if (!byName.size) return null;
    let steps: Step[];
    if (isKey) {
      const property = node.parent;
      const object = property?.parent;
      if (!property || !object) return null;
      steps = [...stepsTo(context.state, object), { container: object, key: unquote(textOf(context.state, node)) }];
    } else steps = stepsTo(context.state, node);
    const offer = offerAt(context.state, steps, isKey, byName);
    if (!offer) return null;
    const options: Completion[] =
      offer.kind === 'calls'
        ? [...byName.values()].map((c) => ({ label: c.name, type: 'function', detail: c.access }))
        : fieldOptions(offer.schema);
    if (!options.length) return null;
    const closed = node.to - node.from > 1 && context.state.sliceDoc(node.to - 1, node.to) === '"';
    return { from: node.from + 1, to: closed ? Math.max(node.from + 1, node.to - 1) : node.to, options, validFor: /^[\w./-]*$/ };
  };
}
