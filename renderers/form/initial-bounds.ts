/**
 * A layout's constant initial values against the schema the server serves: a number the schema
 * refuses because it lies below `minimum` (or above `maximum`) of its number/integer field
 * starts at that bound instead, so a ticket opens at a minimum published in the studio
 * (`"quantity": 1` in the layout, `"minimum": 5` published: the field shows 5).
 */
import type { SchemaNode } from '../../src/shared/validation';

/** How deep nested object fields are followed (the same limit the form's other walks use). */
const MAX_DEPTH = 8;

/** Whether a schema node admits the JSON type (`type` a name or a list of names). */
function admits(node: SchemaNode, name: 'number' | 'integer'): boolean {
  return Array.isArray(node.type) ? node.type.includes(name) : node.type === name;
}

/** The digits after the decimal point of a step (`0.01` → 2), to undo float noise. */
function decimalsOf(step: number): number {
  const text = String(step);
  const exponent = /e-(\d+)$/.exec(text);
  if (exponent) return Number(exponent[1]);
  return text.includes('.') ? text.split('.')[1]!.length : 0;
}

/** A multiple of the step, rounded to the step's decimals. */
function multiple(k: number, step: number): number {
  return Number((k * step).toFixed(decimalsOf(step)));
}

/**
 * The value a number field starts at: the value itself while it lies within `minimum` and
 * `maximum`; otherwise the bound it crossed, moved inward to the nearest multiple of
 * `multipleOf` (or to a whole number for an integer field). A value the schema's bounds leave
 * no room for (no multiple between them) stays as it is, so the form's own error shows.
 * @param value a number from the layout's `initial`.
 * @param node the field's schema: `type` number or integer, optional `minimum`, `maximum`, `multipleOf`.
 */
export function clampToBounds(value: number, node: SchemaNode): number {
  const min = typeof node.minimum === 'number' ? node.minimum : undefined;
  const max = typeof node.maximum === 'number' ? node.maximum : undefined;
  const below = min !== undefined && value < min;
  const above = max !== undefined && value > max;
  if (!below && !above) return value;
  const declared = typeof node.multipleOf === 'number' && node.multipleOf > 0 ? node.multipleOf : undefined;
  const integer = admits(node, 'integer') && !admits(node, 'number');
  const step = declared ?? (integer ? 1 : undefined);
  let bounded: number;
  if (below) bounded = step === undefined ? min! : multiple(Math.ceil(min! / step - 1e-9), step);
  else bounded = step === undefined ? max! : multiple(Math.floor(max! / step + 1e-9), step);
  const fits = (min === undefined || bounded >= min) && (max === undefined || bounded <= max) && (!integer || Number.isInteger(bounded));
  return fits ? bounded : value;
}

/**
 * The layout's initial values with every number that lies outside its field's bounds moved to
 * the bound (see {@link clampToBounds}); fields of nested objects likewise. Values that are not
 * numbers, fields the schema does not describe and fields that are not number/integer are
 * returned unchanged. Returns a new object; the input is not changed.
 * @param values the form's initial values from the layout (after placeholders are bound).
 * @param schema the form's schema as served (with the bounds published in the studio).
 */
export function initialWithinBounds(values: Record<string, unknown>, schema: SchemaNode, depth = 0): Record<string, unknown> {
  if (depth > MAX_DEPTH || !schema.properties) return values;
  const result: Record<string, unknown> = { ...values };
  for (const [name, value] of Object.entries(values)) {
    const node = schema.properties[name];
    if (!node || typeof node !== 'object') continue;
    if (typeof value === 'number' && Number.isFinite(value) && (admits(node, 'number') || admits(node, 'integer'))) {
      result[name] = clampToBounds(value, node);
    } else if (value && typeof value === 'object' && !Array.isArray(value)) {
      result[name] = initialWithinBounds(value as Record<string, unknown>, node, depth + 1);
    }
  }
  return result;
}
