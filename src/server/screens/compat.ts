/**
 * Contract vs screen schema. A call's **contract
 * schema** (`schemas/contracts/<name>.schema.json`) is owned by code: it says what the domain
 * accepts and stores, and the TypeScript types are generated from it. The **screen schema**
 * (`schemas/screens/<name>.schema.json`, or its latest published version) is owned by product
 * staff and must stay compatible with the contract:
 *
 * - allowed: retitle (`title`, `description`, `x-messages`, `examples`, `default`), reorder,
 *   hide an optional field (leave it out), make an optional field required, tighten bounds
 *   (`minLength`, `maximum`, …), add a `pattern`/`format`/`enum` where the contract has none,
 *   narrow an `enum`, and add conditions (`allOf`, `if`/`then`, …);
 * - refused: a field the contract does not have (the server would not store it), dropping a
 *   required field, loosening or removing a bound, changing a type, pattern or format,
 *   widening an enum, allowing additional properties, and dropping the contract's conditions.
 *
 * The server validates every body against both (src/server/http/calls.ts), so a screen can
 * only ever narrow what reaches the domain. Violations read `pointer: message`, the pointer
 * into the screen schema.
 */
import { isDeepStrictEqual } from 'node:util';

/** One incompatibility: a JSON pointer into the screen schema and what is wrong there. */
export interface CompatProblem {
  pointer: string;
  message: string;
}

type Node = Record<string, unknown>;

/** Lower bounds: the screen's value must be ≥ the contract's. */
const LOWER = ['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties'] as const;
/** Upper bounds: the screen's value must be ≤ the contract's. */
const UPPER = ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties'] as const;
/** Keywords the screen must keep exactly when the contract has them. */
const EXACT = ['type', 'pattern', 'format', 'const', 'x-sameAs', 'x-checksum', 'uniqueItems'] as const;
/** Keywords handled structurally (recursion or rules above); the rest must be kept verbatim. */
const HANDLED = new Set<string>([
  ...LOWER, ...UPPER, ...EXACT, 'properties', 'required', 'items', 'additionalProperties', 'enum', 'multipleOf',
  'title', 'description', 'x-messages', 'x-keepOnSuccess', 'examples', 'default', '$schema', '$id', '$comment', 'readOnly', 'writeOnly',
]);

const esc = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const isNode = (value: unknown): value is Node => !!value && typeof value === 'object' && !Array.isArray(value);
const show = (value: unknown) => JSON.stringify(value);

/**
 * Checks that `screen` only narrows `contract`.
 * @returns the problems, empty when compatible.
 */
export function checkCompatible(contract: unknown, screen: unknown): CompatProblem[] {
  const problems: CompatProblem[] = [];
  if (!isNode(screen)) return [{ pointer: '/', message: 'the screen schema must be an object' }];
  if (!isNode(contract)) return problems;
  compareNode(contract, screen, '', problems);
  return problems;
}

function compareNode(contract: Node, screen: Node, pointer: string, problems: CompatProblem[]): void {
  const at = (key: string) => `${pointer}/${esc(key)}`;
  const push = (p: string, message: string) => problems.push({ pointer: p || '/', message });

  for (const key of EXACT) {
    if (!(key in contract)) continue;
    if (!(key in screen)) push(at(key), `must keep the contract's ${key} ${show(contract[key])}`);
    else if (!isDeepStrictEqual(contract[key], screen[key])) {
      // integer is a narrowing of number
      if (key === 'type' && contract.type === 'number' && screen.type === 'integer') continue;
      push(at(key), `must stay ${show(contract[key])} as in the contract (is ${show(screen[key])})`);
    }
  }
  for (const key of LOWER) {
    if (typeof contract[key] !== 'number') continue;
    if (typeof screen[key] !== 'number') push(at(key), `loosens the contract: ${key} ${contract[key]} is missing`);
    else if ((screen[key] as number) < (contract[key] as number)) push(at(key), `loosens the contract: ${key} must be at least ${contract[key]}`);
  }
  for (const key of UPPER) {
    if (typeof contract[key] !== 'number') continue;
    if (typeof screen[key] !== 'number') push(at(key), `loosens the contract: ${key} ${contract[key]} is missing`);
    else if ((screen[key] as number) > (contract[key] as number)) push(at(key), `loosens the contract: ${key} must be at most ${contract[key]}`);
  }
  if (typeof contract.multipleOf === 'number') {
    const ratio = typeof screen.multipleOf === 'number' ? screen.multipleOf / contract.multipleOf : NaN;
    if (!Number.isFinite(ratio) || Math.abs(ratio - Math.round(ratio)) > 1e-9 || Math.round(ratio) < 1) {
      push(at('multipleOf'), `must be a multiple of the contract's multipleOf ${contract.multipleOf}`);
    }
  }
  if (Array.isArray(contract.enum)) {
    if (!Array.isArray(screen.enum)) push(at('enum'), `loosens the contract: enum ${show(contract.enum)} is missing`);
    else {
      screen.enum.forEach((value, index) => {
        if (!(contract.enum as unknown[]).some((allowed) => isDeepStrictEqual(allowed, value))) {
          push(`${at('enum')}/${index}`, `value ${show(value)} is not accepted by the contract`);
        }
      });
    }
  }
  // Conditions and combinators of the contract stay; the screen may add its own.
  for (const [key, value] of Object.entries(contract)) {
    if (HANDLED.has(key)) continue;
    if (!isDeepStrictEqual(screen[key], value)) push(at(key), `must keep the contract's ${key} unchanged`);
  }

  // Objects: fields, required, additional properties.
  if (isNode(contract.properties) || isNode(screen.properties)) {
    const cProps = (isNode(contract.properties) ? contract.properties : {}) as Record<string, Node>;
    const sProps = (isNode(screen.properties) ? screen.properties : {}) as Record<string, Node>;
    for (const [name, sub] of Object.entries(sProps)) {
      const cSub = cProps[name];
      const p = `${at('properties')}/${esc(name)}`;
      if (!cSub) {
        if (contract.additionalProperties === false || contract.additionalProperties === undefined) {
          push(p, `field '${name}' is not in the contract: the server would not store it`);
        }
        continue;
      }
      if (isNode(sub) && isNode(cSub)) compareNode(cSub, sub, p, problems);
    }
    const sRequired = new Set(Array.isArray(screen.required) ? (screen.required as string[]) : []);
    for (const name of Array.isArray(contract.required) ? (contract.required as string[]) : []) {
      if (!(name in sProps)) push(`${at('properties')}/${esc(name)}`, `required field '${name}' must not be removed`);
      else if (!sRequired.has(name)) push(at('required'), `field '${name}' is required by the contract and must stay required`);
    }
    for (const name of sRequired) {
      if (!(name in sProps) && !(name in cProps)) push(at('required'), `requires '${name}', which is not a field`);
    }
  }
  if (contract.additionalProperties === false && screen.additionalProperties !== false) {
    push(at('additionalProperties'), 'must stay false as in the contract');
  } else if (isNode(contract.additionalProperties)) {
    if (!isNode(screen.additionalProperties) && screen.additionalProperties !== false) push(at('additionalProperties'), 'loosens the contract');
    else if (isNode(screen.additionalProperties)) compareNode(contract.additionalProperties, screen.additionalProperties, at('additionalProperties'), problems);
  }
  // Arrays.
  if (isNode(contract.items)) {
    if (!isNode(screen.items)) push(at('items'), 'must keep the contract\'s items schema');
    else compareNode(contract.items, screen.items, at('items'), problems);
  }
}

/** Formats problems one per line as `pointer: message`. */
export const formatCompat = (problems: CompatProblem[]): string[] => problems.map((p) => `${p.pointer}: ${p.message}`);
