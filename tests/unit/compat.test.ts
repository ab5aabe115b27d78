/**
 * The contract/screen compatibility checker. A staff-owned screen schema may only
 * narrow its call's code-owned contract; every violation is reported as `pointer: message`.
 * Runs on the real `bindBank` contract and on small hand-made pairs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCompatible, formatCompat } from '../../src/server/screens/compat.js';
import { ROOT_DIR } from '../../src/server/config.js';

const read = (rel: string) => JSON.parse(fs.readFileSync(path.join(ROOT_DIR, 'schemas', rel), 'utf8'));
const contract = read('contracts/bindBank.schema.json');
const clone = () => structuredClone(contract);
const pointers = (screen: unknown) => checkCompatible(contract, screen).map((p) => p.pointer);

describe('compatible screen schemas', () => {
  it('accepts every shipped screen schema that has a contract', () => {
    for (const name of fs.readdirSync(path.join(ROOT_DIR, 'schemas/contracts'))) {
      expect(formatCompat(checkCompatible(read(`contracts/${name}`), read(`screens/${name}`))), name).toEqual([]);
    }
  });

  it('accepts retitling, new help texts, reordering, tighter bounds and a hidden optional field', () => {
    const screen = clone();
    screen.title = 'Renamed';
    screen.properties.ifsc.title = 'field.ifscNew';
    screen.properties.ifsc.description = 'help.ifsc';
    screen.properties.holderName.maxLength = 60; // tighter than 100
    screen.properties.holderName.minLength = 2;
    screen.properties = Object.fromEntries(Object.entries(screen.properties).reverse());
    expect(checkCompatible(contract, screen)).toEqual([]);
    const optional = { type: 'object', additionalProperties: false, properties: { a: { type: 'string' }, b: { type: 'string', maxLength: 5 } } };
    expect(checkCompatible(optional, { type: 'object', additionalProperties: false, required: ['a'], properties: { a: { type: 'string', pattern: '^x' } } })).toEqual([]);
  });
});

describe('incompatible screen schemas', () => {
  it('refuses dropping a required field from required or from the fields', () => {
    const notRequired = clone();
    notRequired.required = notRequired.required.filter((f: string) => f !== 'ifsc');
    expect(formatCompat(checkCompatible(contract, notRequired))).toEqual(["/required: field 'ifsc' is required by the contract and must stay required"]);
    const removed = clone();
    delete removed.properties.ifsc;
    expect(pointers(removed)).toContain('/properties/ifsc');
  });

  it('refuses a field the server does not store', () => {
    const screen = clone();
    screen.properties.nickname = { type: 'string', title: 'field.nickname' };
    expect(formatCompat(checkCompatible(contract, screen))).toEqual(["/properties/nickname: field 'nickname' is not in the contract: the server would not store it"]);
  });

  it('refuses loosened bounds, changed patterns and types, widened enums and open objects', () => {
    const screen = clone();
    screen.properties.holderName.maxLength = 200;
    delete screen.properties.bankName.minLength;
    screen.properties.ifsc.pattern = '.*';
    screen.properties.phone.type = 'number';
    screen.additionalProperties = true;
    expect(pointers(screen).sort()).toEqual([
      '/additionalProperties',
      '/properties/bankName/minLength',
      '/properties/holderName/maxLength',
      '/properties/ifsc/pattern',
      '/properties/phone/type',
    ]);
    const enumContract = { type: 'string', enum: ['a', 'b'] };
    expect(checkCompatible(enumContract, { type: 'string', enum: ['a'] })).toEqual([]);
    expect(formatCompat(checkCompatible(enumContract, { type: 'string', enum: ['a', 'c'] }))).toEqual(['/enum/1: value "c" is not accepted by the contract']);
    expect(pointers({ ...clone(), type: 'array' })).toContain('/type');
  });

  it('refuses dropping a contract condition and checks nested objects and arrays', () => {
    const conditional = { type: 'object', properties: { k: { type: 'string' } }, allOf: [{ if: { properties: { k: { const: 'x' } } }, then: { required: ['k'] } }] };
    expect(checkCompatible(conditional, { type: 'object', properties: { k: { type: 'string' } } }).map((p) => p.pointer)).toEqual(['/allOf']);
    const nested = { type: 'object', properties: { list: { type: 'array', maxItems: 3, items: { type: 'object', additionalProperties: false, required: ['n'], properties: { n: { type: 'integer', minimum: 1 } } } } } };
    const loose = structuredClone(nested) as any;
    loose.properties.list.items.properties.n.minimum = 0;
    loose.properties.list.items.properties.extra = { type: 'string' };
    expect(checkCompatible(nested, loose).map((p) => p.pointer).sort()).toEqual(['/properties/list/items/properties/extra', '/properties/list/items/properties/n/minimum']);
  });
});
