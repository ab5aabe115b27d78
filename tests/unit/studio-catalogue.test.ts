/**
 * The studio's reading of the catalogue — a block kind's property-panel schema is
 * that kind's part of `schemas/layout.meta.json` (every property; objects and lists as JSON text),
 * and the block under
 * the editor's cursor is found from the cursor's JSON pointer.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockPointerAt, kindSchema, readPointer } from '../../src/app/studio/catalogue.js';
import { ROOT_DIR } from '../../src/server/config.js';

const layout = JSON.parse(fs.readFileSync(path.join(ROOT_DIR, 'schemas/screens/bindBank.layout.json'), 'utf8'));

describe('kindSchema', () => {
  it('offers the form kind every property of the catalogue, nested parts as JSON text', () => {
    const { schema, structured } = kindSchema('form')!;
    expect(schema.title).toBe('form');
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['id', 'title', 'schema', 'submit', 'ui', 'load', 'links', 'when', 'initial']));
    expect(structured).toEqual(expect.arrayContaining(['submit', 'ui', 'load', 'links', 'initial']));
    expect(structured).not.toContain('title');
    expect(schema.properties).not.toHaveProperty('kind');
    expect(schema.properties.title.type).toBe('string');
    expect(schema.properties.submit.type).toBe('string');
  });

  it('knows every kind the catalogue dispatches on and nothing else', () => {
    const meta = JSON.parse(fs.readFileSync(path.join(ROOT_DIR, 'schemas/layout.meta.json'), 'utf8'));
    for (const kind of meta.definitions.block.properties.kind.enum as string[]) expect(kindSchema(kind), kind).not.toBeNull();
    expect(kindSchema('carousel3d')).toBeNull();
  });
});

describe('blockPointerAt', () => {
  it('finds the innermost block around a pointer', () => {
    expect(blockPointerAt(layout, '/blocks/1/ui/ifsc/ui:help')).toBe('/blocks/1');
    expect(blockPointerAt(layout, '/blocks/0/itemActions/0/label')).toBe('/blocks/0');
    expect(blockPointerAt(layout, '/title')).toBeNull();
    expect((readPointer(layout, '/blocks/1') as { kind: string }).kind).toBe('form');
  });
});
