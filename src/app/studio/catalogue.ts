/**
 * The studio's view of the catalogue (`schemas/layout.meta.json`): the part that
 * describes one block kind, as the form of a property panel (texts, ids, numbers, switches and
 * choices in place; objects and lists as JSON text). Found through the catalogue's `block` dispatch
 * (`allOf` of `if kind = x then $ref`), so it keeps working when the catalogue is assembled
 * from per-kind fragments.
 */
import meta from '../../../schemas/layout.meta.json';
import draft7 from 'ajv/dist/refs/json-schema-draft-07.json';

type Json = Record<string, any>;

/** The whole catalogue, for the editor's schema completion and linting. */
export const LAYOUT_META = meta as Json;

/** JSON Schema draft-07's own schema: completion for the data-schema editor (the contract check is the server's). */
export const SCHEMA_META = draft7 as Json;

const definitions = (LAYOUT_META.definitions ?? {}) as Record<string, Json>;

function resolve(node: Json | undefined): Json | undefined {
  let current = node;
  for (let depth = 0; current?.$ref && depth < 10; depth += 1) {
    current = definitions[String(current.$ref).replace('#/definitions/', '')];
  }
  return current;
}

const isScalar = (node: Json | undefined): boolean => {
  const target = resolve(node);
  if (!target) return false;
  if (Array.isArray(target.enum)) return true;
  return ['string', 'number', 'integer', 'boolean'].includes(target.type);
};

/** A block kind's property-panel form: its schema and which properties are edited as JSON text. */
export interface KindForm {
  schema: Json;
  /** Properties whose values are objects or lists: edited as JSON text in a text area. */
  structured: string[];
}

/**
 * The property-panel form of a block kind: every property the catalogue gives it except
 * `kind` — texts, ids, numbers, switches and choices as themselves (with their catalogue
 * definitions), objects and lists (`load`, `submit`, `ui`, actions …) as JSON text — or null
 * for an unknown kind.
 */
export function kindSchema(kind: string): KindForm | null {
  const dispatch = (definitions.block?.allOf ?? []) as Json[];
  const branch = dispatch.find((entry) => entry.if?.properties?.kind?.const === kind);
  // Fallbacks for other catalogue shapes: `<kind>Block`, or a part whose `kind` is the constant.
  const part =
    resolve(branch?.then) ??
    definitions[`${kind}Block`] ??
    Object.values(definitions).find((d) => d?.properties?.kind?.const === kind);
  if (!part) return null;
  const properties: Json = {};
  const structured: string[] = [];
  for (const [name, node] of Object.entries((part.properties ?? {}) as Json)) {
    if (name === 'kind') continue;
    const target = resolve(node as Json) ?? {};
    if (isScalar(node as Json)) {
      properties[name] = { ...target, title: name };
    } else {
      structured.push(name);
      properties[name] = { type: 'string', title: name, ...(target.description ?? (node as Json).description ? { description: String(target.description ?? (node as Json).description) } : {}) };
    }
  }
  return { schema: { type: 'object', title: kind, properties }, structured };
}

/** Reads the value at a JSON pointer. */
export function readPointer(doc: unknown, pointer: string): unknown {
  if (!pointer || pointer === '/') return doc;
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Json)[key] : undefined), doc);
}

/** The pointer of the innermost block (an object with `kind`) containing `pointer`, or null. */
export function blockPointerAt(doc: unknown, pointer: string): string | null {
  const parts = pointer.split('/').slice(1);
  for (let length = parts.length; length >= 0; length -= 1) {
    const candidate = length ? `/${parts.slice(0, length).join('/')}` : '';
    const node = readPointer(doc, candidate) as Json | undefined;
    if (candidate && node && typeof node === 'object' && !Array.isArray(node) && typeof node.kind === 'string') return candidate;
  }
  return null;
}
