/**
 * Assembles the layout catalogue (`schemas/layout.meta.json`) from its fragments:
 * `renderers/catalogue/base.schema.json` (the layout's root and shared definitions), one
 * `renderers/blocks/<kind>/spec.schema.json` per block kind, and one fragment each for
 * widgets, formatters, icons, actions and dialogs, plus the options fragments of widgets and
 * actions (`scripts/gen/options.ts`). Also writes each block kind's spec type
 * (`renderers/blocks/<kind>/spec.ts`) and the kind lists in `docs/architecture.md`.
 * Pure: returns the files to write; `scripts/gen-types.ts` writes or checks them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { actionDefinition, widgetDefinitions } from './options.js';

type Json = Record<string, unknown>;

/** A generated file: path relative to the repository root, and its full text. */
export interface GeneratedFile {
  file: string;
  content: string;
}

/** The non-block collections: fragment file → the catalogue definition it becomes. */
export const COLLECTION_FRAGMENTS = [
  { collection: 'widgets', file: 'renderers/widgets/widgets.schema.json', definition: 'widgetName' },
  { collection: 'formatters', file: 'renderers/formatters/formatters.schema.json', definition: 'formatter' },
  { collection: 'icons', file: 'renderers/icons/icons.schema.json', definition: 'icon' },
  { collection: 'actions', file: 'renderers/actions/actions.schema.json', definition: 'action' },
  { collection: 'dialogs', file: 'renderers/dialogs/dialogs.schema.json', definition: 'dialogName' },
] as const;

const BLOCKS_DIR = 'renderers/blocks';
const ASSEMBLED_NOTE =
  ' Assembled by `npm run gen` from renderers/catalogue/base.schema.json, renderers/blocks/<kind>/spec.schema.json, the widgets, formatters, icons, actions and dialogs fragments and the options fragments (renderers/widgets/<name>.options.schema.json, renderers/actions/<name>.options.schema.json): edit those, not this file.';

const readJson = (root: string, file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Json;
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
/** Fragment-only keys that are not part of the definition. */
const definitionOf = (fragment: Json): Json => Object.fromEntries(Object.entries(fragment).filter(([k]) => !['$schema', '$comment'].includes(k)));
const pascal = (kind: string) => kind[0]!.toUpperCase() + kind.slice(1);

/** Every block kind: one folder under renderers/blocks with a spec.schema.json, sorted. */
export function blockKinds(root: string): string[] {
  return fs
    .readdirSync(path.join(root, BLOCKS_DIR), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(root, BLOCKS_DIR, entry.name, 'spec.schema.json')))
    .map((entry) => entry.name)
    .sort();
}

/** The assembled catalogue, as an object. */
export function assembleCatalogue(root: string): Json {
  const base = readJson(root, 'renderers/catalogue/base.schema.json');
  const definitions: Json = { ...(base.definitions as Json) };
  for (const { file, definition } of COLLECTION_FRAGMENTS) definitions[definition] = definitionOf(readJson(root, file));
  definitions.action = actionDefinition(root, definitions.action as Json);
  Object.assign(definitions, widgetDefinitions(root, (definitions.widgetName as { enum: string[] }).enum));
  const kinds = blockKinds(root);
  definitions.block = {
    type: 'object',
    required: ['kind'],
    properties: { kind: { enum: kinds } },
    allOf: kinds.map((kind) => ({ if: { properties: { kind: { const: kind } } }, then: { $ref: `#/definitions/${kind}Block` } })),
  };
  for (const kind of kinds) {
    const fragment = definitionOf(readJson(root, `${BLOCKS_DIR}/${kind}/spec.schema.json`));
    const kindSchema = (fragment.properties as Json | undefined)?.kind as Json | undefined;
    if (kindSchema?.const !== kind) throw new Error(`${BLOCKS_DIR}/${kind}/spec.schema.json: properties.kind must be {"const": "${kind}"}`);
    definitions[`${kind}Block`] = fragment;
  }
  return { ...base, $comment: `${String(base.$comment ?? '')}${ASSEMBLED_NOTE}`, definitions };
}

/** Shared definitions as the renderer's hand-written types (`renderers/types.ts`). */
const SHARED_TYPES: Record<string, string> = {
  messageId: 'MessageId', route: 'string', callName: 'string', blockId: 'string', routeTemplate: 'string',
  icon: 'string', formatter: 'string', widgetName: 'string', dialogName: 'string', uiSchema: '{ [key: string]: unknown }',
  binding: 'Binding', load: 'LoadSpec', action: 'Action', actions: 'Action[]', link: 'LinkSpec', block: 'BlockSpec',
  when: 'When', condition: 'Condition', headerAction: 'HeaderAction',
};
const IMPORTABLE = ['MessageId', 'Binding', 'LoadSpec', 'Action', 'LinkSpec', 'BlockSpec', 'When', 'Condition', 'HeaderAction'];

/** Replaces `$ref`s into the catalogue with `tsType`s (or the enum they name), for a standalone type. */
function withTsTypes(node: unknown, definitions: Json): unknown {
  if (Array.isArray(node)) return node.map((item) => withTsTypes(item, definitions));
  if (!node || typeof node !== 'object') return node;
  const object = node as Json;
  if (typeof object.$ref === 'string') {
    const name = object.$ref.replace('#/definitions/', '');
    const { $ref: _ref, ...rest } = object;
    if (SHARED_TYPES[name]) return { ...rest, tsType: SHARED_TYPES[name] };
    return { ...(withTsTypes(definitions[name], definitions) as Json), ...rest };
  }
  return Object.fromEntries(Object.entries(object).filter(([k]) => k !== 'examples').map(([k, v]) => [k, withTsTypes(v, definitions)]));
}

/** A block kind's spec type, generated from its fragment. */
async function specType(kind: string, catalogue: Json): Promise<string> {
  const definitions = catalogue.definitions as Json;
  const schema = withTsTypes(definitions[`${kind}Block`], definitions) as JSONSchema;
  const name = `${pascal(kind)}BlockSpec`;
  const source = await compile({ ...schema, title: name }, name, {
    bannerComment: '',
    additionalProperties: false,
    format: true,
    declareExternallyReferenced: true,
    style: { singleQuote: true, printWidth: 120 },
  });
  const used = IMPORTABLE.filter((type) => new RegExp(`\\b${type}\\b`).test(source));
  const header = [`/* Generated by \`npm run gen\` from ${BLOCKS_DIR}/${kind}/spec.schema.json — do not edit. */`];
  if (used.length) header.push(`import type { ${used.join(', ')} } from '../../types';`);
  return `${header.join('\n')}\n\n${source.trim()}\n`;
}

/** Each widget with options and its option names: `` `stepper` (estimate), … ``. */
function widgetOptionLines(definitions: Json): string {
  const widgets = ((definitions.widgetName as Json).enum as string[]).filter((name) => definitions[`${name}WidgetOptions`]);
  const optionsOf = (name: string): string[] => {
    const definition = definitions[`${name}WidgetOptions`] as Json;
    const ref = ((definition.allOf as Json[] | undefined)?.[0]?.$ref as string | undefined)?.replace('#/definitions/', '');
    return ref ? optionsOf(ref.replace(/WidgetOptions$/, '')) : Object.keys((definition.properties as Json | undefined) ?? {});
  };
  return widgets.map((name) => `\`${name}\` (${optionsOf(name).join(', ')})`).join(', ');
}

/** Markdown lists of the catalogue's names, for docs/architecture.md. */
function docLists(catalogue: Json): Record<string, string> {
  const definitions = catalogue.definitions as Json;
  const names = (definition: string) => {
    const node = definitions[definition] as Json;
    return (node.enum as string[] | undefined) ?? Object.keys((node.properties as Json | undefined) ?? {});
  };
  const code = (list: string[]) => list.map((n) => `\`${n}\``).join(', ');
  const kinds = ((definitions.block as Json).properties as { kind: { enum: string[] } }).kind.enum;
  const blocks = kinds.map((kind) => `- \`${kind}\` — ${String((definitions[`${kind}Block`] as Json).description ?? '').trim()}`);
  return {
    blocks: blocks.join('\n'),
    names: [
      `- widgets (\`ui:widget\`): ${code(names('widgetName'))}`,
      `- widget options (\`ui:options\`, fragments \`renderers/widgets/<name>.options.schema.json\`): ${widgetOptionLines(definitions)}`,
      `- formatters: ${code(names('formatter'))}`,
      `- icons: ${code(names('icon'))}`,
      `- actions: ${code(names('action'))}`,
      `- dialogs: ${code(names('dialogName'))}`,
    ].join('\n'),
  };
}

/** Replaces the text between `<!-- gen:NAME -->` and `<!-- /gen:NAME -->` markers. */
function fillMarkers(text: string, parts: Record<string, string>): string {
  let out = text;
  for (const [name, body] of Object.entries(parts)) {
    const pattern = new RegExp(`(<!-- gen:${name} -->)[\\s\\S]*?(<!-- /gen:${name} -->)`);
    if (!pattern.test(out)) throw new Error(`docs/architecture.md lacks the <!-- gen:${name} --> markers`);
    out = out.replace(pattern, (_, open: string, close: string) => `${open}\n${body}\n${close}`);
  }
  return out;
}

/** Every file the catalogue step generates. */
export async function catalogueFiles(root: string): Promise<GeneratedFile[]> {
  const catalogue = assembleCatalogue(root);
  const files: GeneratedFile[] = [{ file: 'schemas/layout.meta.json', content: json(catalogue) }];
  for (const kind of blockKinds(root)) files.push({ file: `${BLOCKS_DIR}/${kind}/spec.ts`, content: await specType(kind, catalogue) });
  const docs = 'docs/architecture.md';
  files.push({ file: docs, content: fillMarkers(fs.readFileSync(path.join(root, docs), 'utf8'), docLists(catalogue)) });
  return files;
}
