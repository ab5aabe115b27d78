/**
 * Options fragments of the catalogue ("the same for widgets, formatters, actions and
 * dialogs where they carry options"): each widget that takes `ui:options` has
 * `renderers/widgets/<name>.options.schema.json` beside its component, each action that takes
 * a value has `renderers/actions/<name>.options.schema.json` beside the handlers. Formatters
 * and dialogs are named only (no options), so they have none. This module reads the
 * fragments and builds the definitions they become: `<name>WidgetOptions`, the recursive
 * `uiSchema` of a form block (each field's `ui:options` checked against its widget's), and
 * the action properties. Pure: used by `catalogue.ts`.
 * A field's `ui:options` are its widget's (`<widget>FieldOptions`: the fragment's plus the ones
 * rjsf reads on any field, `rjsfFieldOptions`).
 */
import fs from 'node:fs';
import path from 'node:path';

type Json = Record<string, unknown>;

const OPTIONS_SUFFIX = '.options.schema.json';
/** Folder of each collection whose entries may carry an options fragment. */
export const OPTIONS_DIRS = { widgets: 'renderers/widgets', actions: 'renderers/actions' } as const;

/** Keys only the fragment file needs: not part of the definition. */
const FILE_ONLY = (key: string) => key === '$schema' || key === '$comment' || key.startsWith('x-');

/** A fragment as the definition it becomes (file-only keys dropped). */
export const optionsDefinition = (fragment: Json): Json => Object.fromEntries(Object.entries(fragment).filter(([k]) => !FILE_ONLY(k)));

/** The options fragments of one collection: entry name → fragment, sorted by name. */
export function optionsFragments(root: string, collection: keyof typeof OPTIONS_DIRS): Array<[string, Json]> {
  const dir = path.join(root, OPTIONS_DIRS[collection]);
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(OPTIONS_SUFFIX))
    .sort()
    .map((name) => [name.slice(0, -OPTIONS_SUFFIX.length), JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as Json]);
}

/** Definition name of a widget's options. */
export const widgetOptionsRef = (widget: string) => `${widget}WidgetOptions`;

/** Definition name of the `ui:options` a field with this widget takes (its widget's and rjsf's own). */
const fieldOptionsRef = (widget: string) => `${widget}FieldOptions`;

/**
 * The `ui:options` rjsf's own fields read whatever the widget (forms written for @rjsf/core use
 * them): a list's buttons, choices in one row.
 */
const RJSF_FIELD_OPTIONS: Json = {
  addable: { type: 'boolean', description: 'A list shows its add button (default true).' },
  removable: { type: 'boolean', description: "A list's entries have a remove button (default true)." },
  orderable: { type: 'boolean', description: "A list's entries have move up/down buttons (default true)." },
  copyable: { type: 'boolean', description: "A list's entries have a copy button (default false)." },
  inline: { type: 'boolean', description: 'Radio buttons and checkboxes in one row.' },
};

/**
 * The definitions the widget fragments add: one `<name>WidgetOptions` per fragment and the
 * `uiSchema` of a form block. A field's `ui:options` must match its `ui:widget`'s options; a
 * field without `ui:widget` renders with the text input (rjsf's default for strings and
 * numbers), so it takes the text input's; a widget without a fragment takes none.
 * @throws Error when a fragment names a widget the catalogue does not list.
 */
export function widgetDefinitions(root: string, widgetNames: string[]): Json {
  const fragments = optionsFragments(root, 'widgets');
  const described = new Set(fragments.map(([name]) => name));
  for (const name of described) {
    if (!widgetNames.includes(name)) throw new Error(`${OPTIONS_DIRS.widgets}/${name}${OPTIONS_SUFFIX}: '${name}' is not in widgets.schema.json`);
  }
  const optionsOf = (ref: string) => ({ properties: { 'ui:options': { $ref: `#/definitions/${ref}` } } });
  // A field's options: its widget's plus the ones rjsf itself reads on any field.
  const fieldOptions = (fragment: Json): Json => {
    const definition = optionsDefinition(fragment);
    return { ...definition, properties: { ...RJSF_FIELD_OPTIONS, ...(definition.properties as Json) } };
  };
  const widgetIs = (names: string[]) => ({ required: ['ui:widget'], properties: { 'ui:widget': { enum: names } } });
  const optionless = widgetNames.filter((name) => !described.has(name));
  const uiSchema: Json = {
    description:
      "A form block's rjsf uiSchema (assembled by npm run gen): per field its ui:widget (definitions/widgetName) and that widget's ui:options (definitions/<widget>WidgetOptions; without ui:widget the text input's); texts are message ids; nested fields and `items` alike. `ui:when` shows a field only while another field of the form has one of the values (it is left out of the submitted body otherwise).",
    type: 'object',
    properties: {
      'ui:widget': { $ref: '#/definitions/widgetName' },
      'ui:options': { type: 'object' },
      'ui:when': {
        type: 'object',
        additionalProperties: false,
        required: ['field', 'in'],
        description: "Show the field only while the form's `field` (a top-level property) has one of the values `in`, e.g. a limit price only for a limit order.",
        properties: { field: { type: 'string', minLength: 1 }, in: { type: 'array', minItems: 1 } },
      },
    },
    patternProperties: { '^(?!ui:)': { $ref: '#/definitions/uiSchema' } },
    allOf: [
      ...fragments.map(([name]) => ({ if: widgetIs([name]), then: optionsOf(fieldOptionsRef(name)) })),
      { if: { not: { required: ['ui:widget'] } }, then: optionsOf(fieldOptionsRef('text')) },
      ...(optionless.length ? [{ if: widgetIs(optionless), then: optionsOf('rjsfFieldOptions') }] : []),
    ],
  };
  return {
    ...Object.fromEntries(fragments.map(([name, fragment]) => [widgetOptionsRef(name), optionsDefinition(fragment)])),
    ...Object.fromEntries(fragments.map(([name, fragment]) => [fieldOptionsRef(name), fieldOptions(fragment)])),
    rjsfFieldOptions: { description: "The ui:options rjsf itself reads on any field (a widget without options of its own takes only these).", type: 'object', additionalProperties: false, properties: RJSF_FIELD_OPTIONS },
    uiSchema,
  };
}

/**
 * The `action` definition: the base fragment's actions without options (`true`) plus one
 * property per action options fragment.
 * @throws Error when an action is both in the base fragment and has an options fragment.
 */
export function actionDefinition(root: string, base: Json): Json {
  const properties: Json = { ...(base.properties as Json) };
  for (const [name, fragment] of optionsFragments(root, 'actions')) {
    if (name in properties) throw new Error(`${OPTIONS_DIRS.actions}/${name}${OPTIONS_SUFFIX}: '${name}' is also in actions.schema.json`);
    properties[name] = optionsDefinition(fragment);
  }
  return { ...base, properties };
}
