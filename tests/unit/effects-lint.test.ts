/**
 * The layout rules of what a screen may do (src/server/screens/effects-lint.ts): which `call`
 * positions run from a tap and which run on their own; queries only in the latter; commands
 * from the screen's allow-list; the audience; a form's contract; kept success steps.
 */
import { describe, expect, it } from 'vitest';
import { callPositions, lintEffects, type EffectsContext } from '../../src/server/screens/effects-lint.js';
import type { CallInfo } from '../../src/server/http/calls.js';

const CALLS: Record<string, CallInfo> = {
  'purse/getAssets': { name: 'purse/getAssets', effect: 'query', access: 'user', forms: [] },
  'pay/recharge': { name: 'pay/recharge', effect: 'command', access: 'user', confirm: { amountField: 'amount' }, forms: ['recharge'] },
  withdrawal: { name: 'withdrawal', effect: 'command', access: 'user', forms: ['withdrawal'] },
  'user/login': { name: 'user/login', effect: 'command', access: 'public', forms: ['login'] },
  'admin/recharge/list': { name: 'admin/recharge/list', effect: 'query', access: 'operator', forms: [] },
  'admin/recharge/approve': { name: 'admin/recharge/approve', effect: 'command', access: 'operator', confirm: {}, forms: [] },
  'config/getSystemConfig': { name: 'config/getSystemConfig', effect: 'query', access: 'public', forms: [] },
};
const CONTRACTS: Record<string, Record<string, unknown>> = {
  recharge: { type: 'object' },
  login: { type: 'object', 'x-keepOnSuccess': ['saveSession', ['replace', 'navigate']] },
};
const ctx: EffectsContext = { callInfo: (name) => CALLS[name], contractOf: (schema) => CONTRACTS[schema] ?? null };
const lint = (id: string, blocks: unknown[]) => lintEffects(`screens/${id}.layout.json`, id, { screen: id, blocks }, ctx);

describe('callPositions', () => {
  it('tells taps from loads', () => {
    const layout = {
      headerActions: [{ do: [{ call: { name: 'a/tap' } }] }],
      blocks: [
        { kind: 'notice', load: { call: 'a/load' }, when: { call: 'a/when' } },
        { kind: 'form', submit: { call: 'a/submit', onSuccess: [{ call: { name: 'a/after' } }] }, ui: { x: { 'ui:options': { call: 'a/widget' } } } },
        { kind: 'detail', load: { call: 'a/detail' }, actions: [{ call: 'a/action' }] },
        { kind: 'list', itemActions: [{ call: 'a/item' }] },
        { kind: 'quote', favourite: { add: { call: 'a/add' }, del: { call: 'a/del' } } },
        { kind: 'summary', figure: { call: 'a/figure' } },
      ],
    };
    const taps = Object.fromEntries(callPositions(layout).map((p) => [p.call, p.tap]));
    expect(taps).toEqual({
      'a/tap': true, 'a/load': false, 'a/when': false, 'a/submit': true, 'a/after': true, 'a/widget': false,
      'a/detail': false, 'a/action': true, 'a/item': true, 'a/add': true, 'a/del': true, 'a/figure': false,
    });
    expect(callPositions(layout).find((p) => p.call === 'a/tap')!.pointer).toBe('/headerActions/0/do/0/call/name');
  });
});

describe('lintEffects', () => {
  it('passes a deposit screen as shipped', () => {
    expect(lint('pay', [{ kind: 'notice', load: { call: 'purse/getAssets' } }, { kind: 'form', schema: 'recharge', submit: { call: 'pay/recharge' } }])).toEqual([]);
  });

  it('refuses a command in a load position, with its pointer', () => {
    expect(lint('my', [{ kind: 'notice', load: { call: 'pay/recharge' } }])).toEqual([
      { file: 'screens/my.layout.json', pointer: '/blocks/0/load/call', message: expect.stringContaining("'pay/recharge' is a command") },
    ]);
  });

  it('refuses a command the screen does not allow, a staff call on an investor screen and a form submitting to another contract', () => {
    const problems = lint('pay', [{ kind: 'form', schema: 'recharge', submit: { call: 'withdrawal' } }, { kind: 'list', load: { call: 'admin/recharge/list' } }]);
    expect(problems.map((p) => [p.pointer, p.message.split(' ').slice(0, 3).join(' ')])).toEqual([
      ['/blocks/0/submit/call', "command 'withdrawal' is"],
      ['/blocks/1/load/call', 'a screen for'],
      ['/blocks/0/submit/call', "form 'recharge' may"],
    ]);
  });

  it('lets a form without a contract submit a query, not a command', () => {
    expect(lint('test1', [{ kind: 'form', schema: 'gallery', submit: { call: 'config/getSystemConfig' } }])).toEqual([]);
    expect(lint('pay', [{ kind: 'form', schema: 'gallery', submit: { call: 'pay/recharge' } }]).map((p) => p.pointer)).toEqual(['/blocks/0/submit/call']);
  });

  it("keeps the contract's success steps in order", () => {
    const form = (onSuccess: unknown[]) => [{ kind: 'hero' }, { kind: 'form', schema: 'login', submit: { call: 'user/login', onSuccess } }];
    expect(lint('login', form([{ saveSession: true }, { toast: 'x.y' }, { replace: '/home' }]))).toEqual([]);
    expect(lint('login', form([{ saveSession: true }, { navigate: '/home' }]))).toEqual([]);
    for (const bad of [[{ replace: '/home' }], [{ replace: '/home' }, { saveSession: true }], [{ saveSession: true }]]) {
      expect(lint('login', form(bad))).toEqual([{ file: 'screens/login.layout.json', pointer: '/blocks/1/submit/onSuccess', message: expect.stringContaining('saveSession, then replace or navigate') }]);
    }
  });

  it('allows an operator screen its own commands, and an unlisted screen none', () => {
    expect(lint('adminDeposit', [{ kind: 'detail', load: { call: 'admin/recharge/list' }, actions: [{ call: 'admin/recharge/approve' }] }])).toEqual([]);
    expect(lint('someNewScreen', [{ kind: 'detail', actions: [{ call: 'pay/recharge' }] }]).map((p) => p.message)).toEqual([expect.stringContaining("not allowed on screen 'someNewScreen'")]);
  });
});
