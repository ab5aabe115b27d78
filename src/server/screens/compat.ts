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
 *
 * Custom fields: where the contract has an object whose `additionalProperties` is a schema
 * (`extra` on bank accounts, deposits, withdrawals and identity submissions), staff may add
 * fields of their own. Each must state a type that schema allows; a screen object that lists
 * its fields and allows no others (`additionalProperties: false`) states its own count and
 * names, so the contract's `maxProperties` and `propertyNames` need not be repeated when its
 * fields keep them. A custom field may not be named or titled like a code-owned field of the
 * record (`accountNumber`, "IBAN", the account number's label in any language): operators
 * would take what the investor typed there for the real one.
 */
import { isDeepStrictEqual } from 'node:util';
import type { ValidateFunction } from 'ajv';
import { createSchemaAjv } from './ajv.js';

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
  ...LOWER, ...UPPER, ...EXACT, 'properties', 'required', 'items', 'additionalProperties', 'propertyNames', 'enum', 'multipleOf',
  'title', 'description', 'x-messages', 'x-keepOnSuccess', 'examples', 'default', '$schema', '$id', '$comment', 'readOnly', 'writeOnly',
]);

const esc = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const isNode = (value: unknown): value is Node => !!value && typeof value === 'object' && !Array.isArray(value);
const show = (value: unknown) => JSON.stringify(value);

/**
 * Checks that `screen` only narrows `contract`.
 * @returns the problems, empty when compatible.
 */
export function checkCompatible(contract: unknown, screen: unknown, labels: (messageId: string) => string[] = () => []): CompatProblem[] {
  const problems: CompatProblem[] = [];
  if (!isNode(screen)) return [{ pointer: '/', message: 'the screen schema must be an object' }];
  if (!isNode(contract)) return problems;
  compareNode(contract, screen, '', problems);
  problems.push(...lookalikeCustomFields(contract, screen, labels));
  return problems;
}

/** Letters and digits only, lower case: `Account number` and `account_number` compare equal. */
const plain = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Words of payment and identity numbers that no custom field may be named or titled with
 * (whole words, or two adjacent words joined): such a field would sit beside the real, checked one.
 */
const CODE_OWNED_WORDS = new Set(['iban', 'bic', 'swift', 'ifsc', 'upi', 'vpa', 'utr', 'aadhaar', 'aadhar', 'accountnumber', 'kontonummer', 'idnumber', 'accountno']);

/** The words of a name or text, lower case: `accountNumber`, `Account number` → account, number. */
const wordsOf = (text: string): string[] =>
  text.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/**
 * Custom fields (fields under a contract object whose `additionalProperties` is a schema) named
 * or titled like a code-owned field of the same record, or with a payment or identity word.
 * @param labels the texts of a message id in every language (empty when it is none).
 */
function lookalikeCustomFields(contract: Node, screen: Node, labels: (messageId: string) => string[]): CompatProblem[] {
  const problems: CompatProblem[] = [];
  const cProps = (isNode(contract.properties) ? contract.properties : {}) as Record<string, Node>;
  const sProps = (isNode(screen.properties) ? screen.properties : {}) as Record<string, Node>;
  // What the record's own fields are called: names, title ids, their texts and the screen's titles.
  const owned = new Map<string, string>();
  const own = (text: unknown, field: string) => {
    if (typeof text !== 'string') return;
    for (const value of [text, ...labels(text)]) if (plain(value).length >= 3) owned.set(plain(value), field);
  };
  for (const [name, node] of Object.entries(cProps)) {
    if (isNode(node.additionalProperties)) continue;
    own(name, name);
    own(node.title, name);
    own(sProps[name]?.title, name);
  }
  const clash = (text: string): string | undefined => {
    const value = plain(text);
    if (!value) return undefined;
    const field = owned.get(value);
    if (field) return `the record's field '${field}'`;
    const words = wordsOf(text);
    const word = [...words, ...words.slice(1).map((w, i) => words[i] + w)].find((w) => CODE_OWNED_WORDS.has(w));
    return word ? `a payment or identity number ('${word}')` : undefined;
  };
  for (const [container, cNode] of Object.entries(cProps)) {
    const sNode = sProps[container];
    if (!isNode(cNode.additionalProperties) || !isNode(sNode) || !isNode(sNode.properties)) continue;
    for (const [name, field] of Object.entries(sNode.properties as Record<string, unknown>)) {
      const at = `/properties/${esc(container)}/properties/${esc(name)}`;
      const byName = clash(name);
      if (byName) problems.push({ pointer: at, message: `custom field '${name}' is named like ${byName}: operators would take it for the real one` });
      if (!isNode(field)) continue;
      for (const key of ['title', 'description'] as const) {
        const text = field[key];
        if (typeof text !== 'string') continue;
        const byTitle = [text, ...labels(text)].map(clash).find(Boolean);
        if (byTitle) problems.push({ pointer: `${at}/${key}`, message: `custom field '${name}' is labelled like ${byTitle}: operators would take it for the real one` });
      }
    }
  }
  return problems;
}

/** `type` as a list (absent: null). */
const typesOf = (node: Node): string[] | null => (typeof node.type === 'string' ? [node.type] : Array.isArray(node.type) ? (node.type as string[]) : null);

/**
 * A screen field the contract does not list, under an object whose `additionalProperties` is
 * the schema `allowed`: its type (and its items' type) must be one `allowed` has. The contract
 * still checks every value on the server.
 */
function compareCustomField(allowed: Node, screen: Node, pointer: string, problems: CompatProblem[]): void {
  const allowedTypes = typesOf(allowed);
  if (!allowedTypes) return;
  const types = typesOf(screen);
  const list = allowedTypes.join(', ');
  if (!types) {
    problems.push({ pointer: `${pointer}/type`, message: `a custom field must state its type: one of ${list}` });
    return;
  }
  for (const type of types) {
    if (!allowedTypes.includes(type) && !(type === 'integer' && allowedTypes.includes('number'))) {
      problems.push({ pointer: `${pointer}/type`, message: `a custom field may be ${list}, not ${type}` });
    }
  }
  if (types.includes('array') && isNode(allowed.items)) {
    if (!isNode(screen.items)) problems.push({ pointer: `${pointer}/items`, message: `a custom list must state its items' type: one of ${typesOf(allowed.items)?.join(', ')}` });
    else compareCustomField(allowed.items, screen.items, `${pointer}/items`, problems);
  }
}

/** Compiled `propertyNames` schemas of contracts, by their JSON. */
const nameCheckers = new Map<string, ValidateFunction>();

/** Whether `name` passes a contract's `propertyNames` schema. */
function nameAllowed(propertyNames: Node, name: string): boolean {
  const key = JSON.stringify(propertyNames);
  let check = nameCheckers.get(key);
  if (!check) nameCheckers.set(key, (check = createSchemaAjv().compile({ type: 'string', ...propertyNames })));
  return check(name);
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
  const sNames = isNode(screen.properties) ? Object.keys(screen.properties) : [];
  // An object that lists its fields and allows no others states its own count and names.
  const closed = screen.additionalProperties === false && screen.patternProperties === undefined;
  for (const key of UPPER) {
    if (typeof contract[key] !== 'number') continue;
    if (key === 'maxProperties' && closed && screen[key] === undefined && sNames.length <= contract[key]) continue;
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
  if (isNode(contract.propertyNames) && !isDeepStrictEqual(contract.propertyNames, screen.propertyNames)) {
    if (!closed) push(at('propertyNames'), `must keep the contract's propertyNames ${show(contract.propertyNames)}`);
    else {
      for (const name of sNames) {
        if (!nameAllowed(contract.propertyNames, name)) push(`${at('properties')}/${esc(name)}`, `field name '${name}' is not allowed by the contract's propertyNames ${show(contract.propertyNames)}`);
      }
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
        } else if (isNode(contract.additionalProperties) && isNode(sub)) {
          compareCustomField(contract.additionalProperties, sub, p, problems);
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
