/**
 * Registry ⇄ catalogue: each of the six collections the renderer's registry holds —
 * block kinds, widgets, formatters, icons, actions, dialogs — names exactly what the assembled
 * catalogue (`schemas/layout.meta.json`) lists, both ways; each block kind's module carries the
 * very fragment the catalogue was assembled from; and every fragment's `examples` pass the
 * catalogue's block schema. The options fragments too: every widget that takes `ui:options`
 * and every action that takes a value has one, naming a registered entry, whose options are
 * exactly what the component reads; formatters and dialogs take none.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { BLOCK_KINDS, REGISTRY } from '../../renderers/registry';
import type { BlockModule } from '../../renderers/types';
import { INTERNAL_WIDGETS } from '../../renderers/widgets/deferred';
import { WIDGETS } from '../../renderers/widgets';

type Json = Record<string, unknown>;
const root = path.resolve(__dirname, '../..');
const meta = JSON.parse(fs.readFileSync(path.join(root, 'schemas/layout.meta.json'), 'utf8')) as { definitions: Record<string, Json> };
const defs = meta.definitions;
const enumOf = (name: string) => defs[name]!.enum as string[];
const sorted = (names: Iterable<string>) => [...names].sort();
/** Every block kind module as a whole (the registry collects only what the client needs). */
const BLOCK_MODULES = Object.values(import.meta.glob<BlockModule>('../../renderers/blocks/*/index.ts', { eager: true }));

describe('registry and catalogue name the same entries', () => {
  const cases: Array<[string, string[], string[]]> = [
    ['blocks', Object.keys(REGISTRY.blocks), ((defs.block!.properties as Json).kind as Json).enum as string[]],
    ['widgets', Object.keys(REGISTRY.widgets).filter((name) => !INTERNAL_WIDGETS.includes(name)), enumOf('widgetName')],
    ['formatters', Object.keys(REGISTRY.formatters), enumOf('formatter')],
    ['icons', Object.keys(REGISTRY.icons), enumOf('icon')],
    ['actions', Object.keys(REGISTRY.actions), Object.keys(defs.action!.properties as Json)],
    ['dialogs', Object.keys(REGISTRY.dialogs), enumOf('dialogName')],
  ];
  it.each(cases)('%s', (_name, registered, catalogued) => {
    expect(registered.length).toBeGreaterThan(0);
    // Both ways: nothing registered that layouts cannot name, nothing named that renders a fallback.
    expect(sorted(registered)).toEqual(sorted(catalogued));
  });

  it('the registry widget stand-ins cover exactly the widgets module', () => {
    expect(sorted(Object.keys(REGISTRY.widgets))).toEqual(sorted(Object.keys(WIDGETS)));
  });

  it('the internal widgets are registered but not offered to layouts', () => {
    for (const name of INTERNAL_WIDGETS) {
      expect(REGISTRY.widgets[name], name).toBeDefined();
      expect(enumOf('widgetName')).not.toContain(name);
    }
  });
});

/** Validates one block against the catalogue's `block` definition. */
function blockValidator() {
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajv.addSchema(meta, 'catalogue');
  const validate = ajv.compile({ $ref: 'catalogue#/definitions/block' });
  return Object.assign((data: unknown) => validate(data), { text: () => ajv.errorsText(validate.errors) });
}

describe('block kind modules', () => {
  it('every module folder is a registered kind, and every kind has a catalogue fragment', () => {
    expect(sorted(BLOCK_MODULES.map((m) => m.kind))).toEqual(sorted(BLOCK_KINDS.map((m) => m.kind)));
    const folders = fs.readdirSync(path.join(root, 'renderers/blocks'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(sorted(folders)).toEqual(sorted(BLOCK_MODULES.map((m) => m.kind)));
    for (const module of BLOCK_KINDS) expect(typeof (module.component ?? module.load), module.kind).toBe('function');
  });

  it('each carries the fragment its catalogue definition was assembled from', () => {
    for (const module of BLOCK_MODULES) {
      const { $schema: _s, $comment: _c, ...definition } = module.schema as Json;
      expect(defs[`${module.kind}Block`], module.kind).toEqual(definition);
      expect(((definition.properties as Json).kind as Json).const, module.kind).toBe(module.kind);
    }
  });

  it('each lists examples, and every example passes the catalogue', () => {
    const validate = blockValidator();
    for (const module of BLOCK_MODULES) {
      const examples = (module.schema as { examples?: unknown[] }).examples ?? [];
      expect(examples.length, `${module.kind} has examples`).toBeGreaterThan(0);
      for (const example of examples) {
        expect(validate(example), `${module.kind}: ${validate.text()}`).toBe(true);
        expect((example as Json).kind).toBe(module.kind);
      }
    }
  });

  it('a wrong example would be caught', () => {
    const validate = blockValidator();
    expect(validate({ kind: 'list', load: { call: 'bank/get' } })).toBe(false);
  });
});

/** Options fragments (`<name>.options.schema.json`) of a collection folder: name → fragment. */
function optionsFragments(folder: string): Array<[string, Json]> {
  const dir = path.join(root, folder);
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.options.schema.json'))
    .map((file) => [file.replace('.options.schema.json', ''), JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Json]);
}
const WIDGET_OPTIONS = optionsFragments('renderers/widgets');
const ACTION_OPTIONS = optionsFragments('renderers/actions');
const withoutFileKeys = (fragment: Json) => Object.fromEntries(Object.entries(fragment).filter(([k]) => !['$schema', '$comment'].includes(k) && !k.startsWith('x-')));

/** Validates data against one catalogue definition. */
let catalogueAjv: Ajv | undefined;

function definitionValidator(definition: string) {
  // One ajv for every definition: the catalogue is compiled once, not once per widget.
  const ajv = (catalogueAjv ??= new Ajv({ allErrors: true, strict: false }).addSchema(meta, 'catalogue'));
  const validate = ajv.compile({ $ref: `catalogue#/definitions/${definition}` });
  return Object.assign((data: unknown) => validate(data), { text: () => ajv.errorsText(validate.errors) });
}

/** Option keys rjsf itself puts into a widget's `options` (not written by layouts). */
const RJSF_OPTIONS = ['enumOptions', 'emptyValue', 'requestedWidget'];
/** The `options.x` a widget component reads. */
const optionsRead = (file: string) =>
  new Set([...fs.readFileSync(path.join(root, 'renderers/widgets', file), 'utf8').matchAll(/\boptions\??\.(\w+)/g)].map((m) => m[1]!).filter((k) => !RJSF_OPTIONS.includes(k)));

describe('widget options (ui:options) fragments', () => {
  const propertiesOf = (name: string): string[] => {
    const definition = defs[`${name}WidgetOptions`] as Json;
    const ref = ((definition.allOf as Json[] | undefined)?.[0]?.$ref as string | undefined)?.replace('#/definitions/', '');
    return Object.keys(((ref ? defs[ref] : definition) as Json).properties as Json);
  };

  it('every fragment names a registered, catalogued widget, and the catalogue holds it as <name>WidgetOptions', () => {
    expect(WIDGET_OPTIONS.length).toBeGreaterThan(0);
    for (const [name, fragment] of WIDGET_OPTIONS) {
      expect(enumOf('widgetName'), name).toContain(name);
      expect(REGISTRY.widgets[name], name).toBeDefined();
      expect(defs[`${name}WidgetOptions`], name).toEqual(withoutFileKeys(fragment));
    }
  });

  it('every catalogued widget that takes options has a fragment (`hidden` and rjsf\'s standard widgets take none)', () => {
    const described = new Set(WIDGET_OPTIONS.map(([name]) => name));
    // rjsf's standard widgets read only rjsf's own options (enum options, empty value), which the
    // layout does not set: a layout giving them `ui:options` is refused.
    const standard = ['select', 'radio', 'checkbox', 'toggle', 'checkboxes', 'range', 'updown', 'date', 'time', 'datetime', 'url', 'color', 'alt-date', 'alt-datetime'];
    expect(enumOf('widgetName').filter((name) => !described.has(name))).toEqual(['hidden', ...standard]);
  });

  it('every option a widget component reads is described in its fragment, both ways', () => {
    const byComponent = new Map<string, Set<string>>();
    for (const [name, fragment] of WIDGET_OPTIONS) {
      const file = fragment['x-component'] as string;
      expect(fs.existsSync(path.join(root, 'renderers/widgets', file)), `${name}: ${file}`).toBe(true);
      const described = new Set(propertiesOf(name));
      for (const option of optionsRead(file)) expect([...described], `${file} reads options.${option}`).toContain(option);
      byComponent.set(file, new Set([...(byComponent.get(file) ?? []), ...described]));
    }
    // The other way: each described option is read by its component (or, for the new-password
    // input, by the password input it renders), or by the field template that wraps every widget.
    const read = (file: string) => new Set([...optionsRead(file), ...optionsRead('../form/templates.tsx'), ...(file === 'NewPasswordWidget.tsx' ? optionsRead('InputWidget.tsx') : [])]);
    for (const [file, described] of byComponent) for (const option of described) expect([...read(file)], `${file}: options.${option} is described but not read`).toContain(option);
  });

  it('each fragment lists examples that pass its definition', () => {
    for (const [name, fragment] of WIDGET_OPTIONS) {
      const validate = definitionValidator(`${name}WidgetOptions`);
      const examples = (fragment.examples as unknown[] | undefined) ?? [];
      expect(examples.length, name).toBeGreaterThan(0);
      for (const example of examples) expect(validate(example), `${name}: ${validate.text()}`).toBe(true);
    }
  });

  it("a form block's ui checks each field's ui:options against its widget (nested fields too)", () => {
    const validate = blockValidator();
    const form = (ui: Json) => ({ kind: 'form', schema: 'stockSell', submit: { call: 'order/sell', label: 'trade.sell' }, ui });
    const estimate = { call: 'order/quote', params: { quantity: '{quantity}' }, items: [{ field: 'total', label: 'ticket.total', format: 'money' }] };
    expect(validate(form({ quantity: { 'ui:widget': 'stepper', 'ui:options': { estimate } } })), validate.text()).toBe(true);
    expect(validate(form({ quantity: { 'ui:widget': 'stepper', 'ui:options': { estimat: estimate } } }))).toBe(false);
    expect(validate(form({ quantity: { 'ui:widget': 'stepper', 'ui:options': { estimate: { ...estimate, items: [] } } } }))).toBe(false);
    expect(validate(form({ symbol: { 'ui:options': { uppercase: true } } })), validate.text()).toBe(true);
    expect(validate(form({ symbol: { 'ui:options': { rows: 3 } } }))).toBe(false);
    expect(validate(form({ symbol: { 'ui:widget': 'hidden', 'ui:options': { uppercase: true } } }))).toBe(false);
    expect(validate(form({ address: { street: { 'ui:widget': 'textarea', 'ui:options': { rows: 'many' } } } }))).toBe(false);
    expect(validate(form({ list: { items: { 'ui:widget': 'captcha', 'ui:options': { purpose: 'login' } } } }))).toBe(false);
    expect(validate(form({ symbol: { 'ui:widget': 'nope' } }))).toBe(false);
    // The options rjsf reads on any field (a list's buttons, choices in a row) pass with any widget.
    expect(validate(form({ list: { 'ui:options': { orderable: false, addable: false } }, plan: { 'ui:widget': 'radio', 'ui:options': { inline: true } } })), validate.text()).toBe(true);
    expect(validate(form({ plan: { 'ui:widget': 'radio', 'ui:options': { inline: 'yes' } } }))).toBe(false);
  });
});

describe('action options fragments', () => {
  it('every fragment names a registered action, and the catalogue holds it as that action', () => {
    expect(ACTION_OPTIONS.length).toBeGreaterThan(0);
    for (const [name, fragment] of ACTION_OPTIONS) {
      expect(REGISTRY.actions[name], name).toBeDefined();
      expect((defs.action!.properties as Json)[name], name).toEqual(withoutFileKeys(fragment));
    }
  });

  it('every action without a fragment takes no options (`true`), and every fragment has passing examples', () => {
    const described = new Set(ACTION_OPTIONS.map(([name]) => name));
    for (const [name, schema] of Object.entries(defs.action!.properties as Record<string, Json>)) if (!described.has(name)) expect(schema.const, name).toBe(true);
    const validate = definitionValidator('action');
    for (const [name, fragment] of ACTION_OPTIONS) {
      const examples = (fragment.examples as unknown[] | undefined) ?? [];
      expect(examples.length, name).toBeGreaterThan(0);
      for (const example of examples) expect(validate({ [name]: example }), `${name}: ${validate.text()}`).toBe(true);
    }
  });
});

describe('formatters and dialogs', () => {
  it('take no options: names only, no options fragments', () => {
    for (const folder of ['renderers/formatters', 'renderers/dialogs']) expect(optionsFragments(folder), folder).toEqual([]);
    expect(defs.formatter!.enum).toBeDefined();
    expect(defs.dialogName!.enum).toBeDefined();
  });
});
