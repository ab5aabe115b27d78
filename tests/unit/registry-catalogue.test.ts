/**
 * Registry ⇄ catalogue (issue 16): each of the six collections the renderer's registry holds —
 * block kinds, widgets, formatters, icons, actions, dialogs — names exactly what the assembled
 * catalogue (`schemas/layout.meta.json`) lists, both ways; each block kind's module carries the
 * very fragment the catalogue was assembled from; and every fragment's `examples` pass the
 * catalogue's block schema.
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
