/**
 * Every call's response (`data`) schema, derived from the code: each route file declares its
 * calls as `<declarer>.query(name, body, handle)` / `.command(…)` (src/server/routes/declare.ts);
 * the TypeScript checker gives the handler's return type (awaited), and this turns that type into
 * JSON Schema — strings, numbers, booleans, literals (as `const`/`enum`), `null`, arrays and
 * tuples, objects with their required and optional properties (closed:
 * `additionalProperties: false`, unless the type has an index signature), unions (`anyOf`).
 * A pre-serialized answer (`preparedEnvelope(messages, locale, data)`) has the shape of its
 * `data`. What has no JSON shape the checker can see (`unknown`, `any`) is `{}`: any value,
 * never checked against. A type met again inside itself is `{}` too.
 *
 * `npm run gen` writes the result to `src/shared/generated/responses.json` as
 * `{call: schema}`; the call registry uses it for `/api/openapi.json`, and the layout lint
 * checks bindings (`field`, `itemFields`, `when.field`, `{field}` parameters) against it.
 * A call that declares its response by hand (route option `successSchema`) keeps that one.
 */
import path from 'node:path';
import fs from 'node:fs';
import ts from 'typescript';
import type { GeneratedFile } from './catalogue.js';

type Json = Record<string, unknown>;

/** Where the derived schemas are written (relative to the repository root). */
export const RESPONSES_FILE = 'src/shared/generated/responses.json';

/** How deep nested object types are expanded before giving up with `{}`. */
const MAX_DEPTH = 12;

/** Turns checker types into JSON Schema. */
class SchemaWriter {
  constructor(private readonly checker: ts.TypeChecker) {}

  /** `{}` for what has no checkable shape. */
  private readonly anyValue: Json = {};

  write(type: ts.Type, node: ts.Node, seen: ts.Type[] = []): Json {
    const { checker } = this;
    const flags = type.getFlags();
    if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.Never)) return this.anyValue;
    if (flags & ts.TypeFlags.StringLiteral) return { type: 'string', const: (type as ts.StringLiteralType).value };
    if (flags & ts.TypeFlags.NumberLiteral) return { type: 'number', const: (type as ts.NumberLiteralType).value };
    if (flags & ts.TypeFlags.BooleanLiteral) return { type: 'boolean', const: checker.typeToString(type) === 'true' };
    if (flags & (ts.TypeFlags.String | ts.TypeFlags.TemplateLiteral)) return { type: 'string' };
    if (flags & ts.TypeFlags.Number) return { type: 'number' };
    if (flags & ts.TypeFlags.Boolean) return { type: 'boolean' };
    if (flags & ts.TypeFlags.Null) return { type: 'null' };
    if (flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) return { type: 'null' };
    if (type.isUnion()) return this.union(type, node, seen);
    if (seen.includes(type) || seen.length > MAX_DEPTH) return this.anyValue;
    const inner = [...seen, type];
    if (checker.isTupleType(type)) {
      const items = checker.getTypeArguments(type as ts.TypeReference).map((t) => this.write(t, node, inner));
      return { type: 'array', prefixItems: items, minItems: items.length, maxItems: items.length };
    }
    if (checker.isArrayType(type)) {
      const [item] = checker.getTypeArguments(type as ts.TypeReference);
      return { type: 'array', items: item ? this.write(item, node, inner) : this.anyValue };
    }
    if (flags & ts.TypeFlags.Object || type.isIntersection()) return this.object(type, node, inner);
    return this.anyValue;
  }

  private union(type: ts.UnionType, node: ts.Node, seen: ts.Type[]): Json {
    const members = type.types.filter((t) => !(t.getFlags() & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
    const nullable = members.some((t) => t.getFlags() & ts.TypeFlags.Null);
    const rest = members.filter((t) => !(t.getFlags() & ts.TypeFlags.Null));
    let schema: Json;
    if (rest.length && rest.every((t) => t.getFlags() & ts.TypeFlags.BooleanLiteral)) schema = { type: 'boolean' };
    else if (rest.length && rest.every((t) => t.getFlags() & ts.TypeFlags.StringLiteral)) {
      schema = { type: 'string', enum: rest.map((t) => (t as ts.StringLiteralType).value).sort() };
    } else {
      const parts: Json[] = [];
      for (const member of rest) {
        const part = this.write(member, node, seen);
        if (!parts.some((p) => JSON.stringify(p) === JSON.stringify(part))) parts.push(part);
      }
      if (parts.some((p) => Object.keys(p).length === 0)) return this.anyValue;
      schema = parts.length === 1 ? parts[0]! : { anyOf: parts };
    }
    if (!nullable) return schema;
    if (typeof schema.type === 'string' && !schema.const) return { ...schema, type: [schema.type, 'null'], ...(schema.enum ? { enum: [...(schema.enum as unknown[]), null] } : {}) };
    return { anyOf: [...((schema.anyOf as Json[] | undefined) ?? [schema]), { type: 'null' }] };
  }

  private object(type: ts.Type, node: ts.Node, seen: ts.Type[]): Json {
    const { checker } = this;
    if (type.getCallSignatures().length) return this.anyValue;
    const name = type.getSymbol()?.getName();
    // A pre-serialized answer (bytes and ETag) or a class instance of the runtime: no JSON shape to read.
    if (name === 'PreparedAnswer' || name === 'Buffer' || name === 'Uint8Array' || name === 'Map' || name === 'Set') return this.anyValue;
    if (name === 'Date') return { type: 'string', format: 'date-time' };
    const properties: Record<string, Json> = {};
    const required: string[] = [];
    for (const symbol of checker.getPropertiesOfType(type)) {
      // The property's type as instantiated in this type (`Page<Deposit>['items']`), not as declared.
      const propType = checker.getTypeOfSymbol(symbol);
      if (propType.getCallSignatures().length) continue;
      const optional = (symbol.getFlags() & ts.SymbolFlags.Optional) !== 0;
      const schema = this.write(propType, node, seen);
      const doc = ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
      properties[symbol.getName()] = doc && Object.keys(schema).length ? { ...schema, description: doc } : doc ? { description: doc } : schema;
      if (!optional) required.push(symbol.getName());
    }
    const index = type.getStringIndexType();
    const schema: Json = { type: 'object', properties };
    if (required.length) schema.required = required;
    schema.additionalProperties = index ? this.write(index, node, seen) : false;
    return schema;
  }
}

/** The awaited return type of a handler expression. */
function handlerResult(checker: ts.TypeChecker, handler: ts.Expression): ts.Type | null {
  const signature = checker.getTypeAtLocation(handler).getCallSignatures()[0];
  if (!signature) return null;
  const returned = checker.getReturnTypeOfSignature(signature);
  return checker.getAwaitedType(returned) ?? returned;
}

/** The `data` argument of a `preparedEnvelope(messages, locale, data)` call inside a handler, if any. */
function preparedData(handler: ts.Node): ts.Expression | undefined {
  let found: ts.Expression | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'preparedEnvelope') found = node.arguments[2];
    else ts.forEachChild(node, visit);
  };
  visit(handler);
  return found;
}

/** The call name of a declaration's first argument, when it is written as a string. */
function literalName(node: ts.Expression | undefined): string | null {
  return node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null;
}

/**
 * Derives `{call: schema}` for every call declared with a literal name in `src/server/routes/`.
 * @param root the repository root.
 */
export function deriveResponses(root: string): Record<string, Json> {
  const kept = derived.get(root);
  if (kept) return kept;
  const dir = path.join(root, 'src/server/routes');
  const files = fs.readdirSync(dir).filter((name) => name.endsWith('.ts')).sort().map((name) => path.join(dir, name));
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    noUncheckedIndexedAccess: true,
    resolveJsonModule: true,
    esModuleInterop: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
  });
  const checker = program.getTypeChecker();
  const writer = new SchemaWriter(checker);
  const result: Record<string, Json> = {};
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const method = node.expression.name.text;
        const name = literalName(node.arguments[0]);
        const handler = node.arguments[2];
        if ((method === 'query' || method === 'command') && name && handler) {
          // A pre-serialized answer (`preparedEnvelope(messages, locale, data)`) has the shape of its `data`.
          const prepared = preparedData(handler);
          const type = prepared ? checker.getAwaitedType(checker.getTypeAtLocation(prepared)) ?? null : handlerResult(checker, handler);
          if (type) result[name] = writer.write(type, handler);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  const sorted = Object.fromEntries(Object.entries(result).sort(([a], [b]) => a.localeCompare(b)));
  derived.set(root, sorted);
  return sorted;
}

/** Derived schemas by repository root: one type-check per run of `npm run gen`. */
const derived = new Map<string, Record<string, Json>>();

/** `src/shared/generated/responses.json`. */
export function responseFiles(root: string): GeneratedFile[] {
  return [{ file: RESPONSES_FILE, content: `${JSON.stringify(deriveResponses(root), null, 2)}\n` }];
}
