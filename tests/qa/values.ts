/**
 * Field values for generated cases: a valid value set per form (the schema's `examples`, else
 * each property's `examples`/`default`, else json-schema-faker) and, per constraint, one
 * invalid value whose first error on that field is that very constraint.
 */
import { generateSync } from 'json-schema-faker';
import type { SchemaNode } from '../../src/shared/validation';
import { verhoeffDigit } from '../../src/shared/verhoeff';
import { checkBody, validatorFor } from './schemas';

type Data = Record<string, unknown>;

/** Constraint keywords the generator writes an invalid value for. */
export const CONSTRAINTS = ['pattern', 'format', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'x-sameAs', 'x-checksum'] as const;
export type Constraint = (typeof CONSTRAINTS)[number];

/** json-schema-faker, seeded: the same values on every run. */
const FAKER = { seed: 12, alwaysFakeOptionals: true, useExamplesValue: true, useDefaultValue: true, validateSchemaVersion: false } as const;

const propertiesOf = (schema: SchemaNode) => (schema.properties ?? {}) as Record<string, SchemaNode>;

/** One property's own example: `examples[0]`, `default`, else a faked value. */
function propertyValue(node: SchemaNode, key: string, data: Data): unknown {
  if (Array.isArray(node.examples) && node.examples.length) return node.examples[0];
  if (node.default !== undefined) return node.default;
  if (typeof node['x-sameAs'] === 'string') return data[node['x-sameAs']];
  if (node['x-checksum'] === 'verhoeff') {
    const body = '23456789012'.slice(0, 11);
    return `${body}${verhoeffDigit(body)}`;
  }
  const { title: _t, 'x-messages': _m, ...plain } = node;
  void key;
  return generateSync(plain as never, FAKER);
}

/**
 * A value set that passes the schema: the schema's first `examples` entry when present (the
 * author's), else built property by property (x-sameAs copies its sibling, x-checksum is made
 * valid). `preset` values (a form's constant `initial`) win.
 * @throws Error when no valid set can be built (the schema needs an `examples` entry).
 */
export function validValues(name: string, schema: SchemaNode, preset: Data = {}): Data {
  const examples = schema.examples;
  if (Array.isArray(examples) && examples[0] && typeof examples[0] === 'object') {
    const data = { ...(examples[0] as Data), ...preset };
    const problems = checkBody(name, data);
    if (problems.length) throw new Error(`${name}.schema.json#/examples/0 does not pass its own schema: ${problems.join('; ')}`);
    return data;
  }
  const data: Data = { ...preset };
  const props = propertiesOf(schema);
  // Siblings first, so x-sameAs can copy them.
  const keys = Object.keys(props).sort((a, b) => Number(Boolean(props[a]!['x-sameAs'])) - Number(Boolean(props[b]!['x-sameAs'])));
  for (const key of keys) if (data[key] === undefined) data[key] = propertyValue(props[key]!, key, data);
  const problems = checkBody(name, data);
  if (problems.length) throw new Error(`no valid value set for ${name}: ${problems.join('; ')} — add "examples" to the schema`);
  return data;
}

function candidates(keyword: Constraint, node: SchemaNode, valid: unknown, data: Data): unknown[] {
  const n = (k: string) => (typeof node[k] === 'number' ? (node[k] as number) : undefined);
  const text = typeof valid === 'string' ? valid : '';
  switch (keyword) {
    case 'pattern':
      return ['BAD', 'x', '!!', '12', 'abc def', 'abcdefghijklmnop', '0', ' ', `${text}!`, `!${text}`];
    case 'format':
      return ['not-an-email', 'a@b', 'x'];
    case 'minLength':
      return (n('minLength') ?? 0) > 1 ? ['a', '1', 'A1'].map((c) => c.repeat(Math.ceil((n('minLength')! - 1) / c.length)).slice(0, n('minLength')! - 1)) : [];
    case 'maxLength':
      return n('maxLength') !== undefined ? [text.padEnd(n('maxLength')! + 1, text ? text.slice(-1) : '1'), '1'.repeat(n('maxLength')! + 1), 'a'.repeat(n('maxLength')! + 1)] : [];
    case 'minimum':
      return n('minimum') !== undefined ? [0, n('minimum')! - 0.01, n('minimum')! - 1].filter((v) => v < n('minimum')!) : [];
    case 'exclusiveMinimum':
      return n('exclusiveMinimum') !== undefined ? [n('exclusiveMinimum')!] : [];
    case 'maximum':
      return n('maximum') !== undefined ? [n('maximum')! + 1] : [];
    case 'exclusiveMaximum':
      return n('exclusiveMaximum') !== undefined ? [n('exclusiveMaximum')!] : [];
    case 'multipleOf':
      return n('multipleOf') !== undefined ? [Number(valid) + n('multipleOf')! / 3, 1.001] : [];
    case 'x-sameAs':
      return [`${String(data[String(node['x-sameAs'])] ?? '')}x`];
    case 'x-checksum':
      return text ? [`${text.slice(0, -1)}${(Number(text.slice(-1)) + 1) % 10}`] : [];
  }
}

/**
 * One invalid value for a field's constraint: a value (with the other fields valid) whose
 * first error on that field comes from that keyword. Undefined when the schema has no such
 * constraint or no candidate isolates it.
 * @param accepts whether the field's widget can hold a value (the code widget keeps digits only).
 */
export function invalidValue(name: string, schema: SchemaNode, field: string, keyword: Constraint, valid: Data, accepts: (value: unknown) => boolean = () => true): unknown {
  const node = propertiesOf(schema)[field];
  if (!node || node[keyword] === undefined) return undefined;
  if (keyword === 'minLength' && (node.minLength as number) <= 1) return undefined; // that is 'Cannot be Empty'
  const validate = validatorFor(name);
  const type = renderedType(node);
  for (const candidate of candidates(keyword, node, valid[field], valid)) {
    if (type === 'string' && typeof candidate !== 'string') continue;
    if ((type === 'number' || type === 'integer') && typeof candidate !== 'number') continue;
    if (!accepts(candidate)) continue;
    const data = { ...valid, [field]: candidate };
    if (validate(data)) continue;
    const first = (validate.errors ?? []).find((e) => e.instancePath === `/${field}`);
    if (first?.keyword === keyword || (keyword === 'format' && first?.keyword === 'format')) return candidate;
  }
  return undefined;
}

/**
 * The type the form renders a field as (rjsf's `getSchemaType`): of a type list, the one that is
 * not `null` in a pair with it, else the first — `["string", "integer"]` is a text field, so a
 * number can never be typed into it.
 */
function renderedType(node: SchemaNode): unknown {
  const type = node.type;
  if (!Array.isArray(type)) return type;
  if (type.length === 2 && type.includes('null')) return type.find((t) => t !== 'null');
  return type[0];
}
