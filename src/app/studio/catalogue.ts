/**
 * The studio's view of the catalogue (`schemas/layout.meta.json`): the part that
 * describes one block kind, reduced to the properties a property panel can edit in place
 * (texts, ids, numbers, switches, choices). Found through the catalogue's `block` dispatch
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

/**
 * The property-panel schema of a block kind: its scalar properties (with their catalogue
 * definitions), or null for an unknown kind.
 */
export function kindSchema(kind: string): Json | null {
  const dispatch = (definitions.block?.allOf ?? []) as Json[];
  const branch = dispatch.find((entry) => entry.if?.properties?.kind?.const === kind);
  // Fallbacks for other catalogue shapes: `<kind>Block`, or a part whose `kind` is the constant.
  const part =
    resolve(branch?.then) ??
    definitions[`${kind}Block`] ??
    Object.values(definitions).find((d) => d?.properties?.kind?.const === kind);
  if (!part) return null;
  const properties: Json = {};
  for (const [name, node] of Object.entries((part.properties ?? {}) as Json)) {
    if (name === 'kind' || !isScalar(node)) continue;
    const target = resolve(node)!;
    properties[name] = { ...target, title: name };
  }
  return { type: 'object', title: kind, properties };
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
