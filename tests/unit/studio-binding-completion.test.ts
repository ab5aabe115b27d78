/**
 * The layout editor's completion of bindings: call names for a `"call"` value; the fields of the
 * block's load call's answer for `field`, `when.field` and (one item deep) a list's item fields
 * and `itemFields`; the body's fields for `params` keys and a form's fields — read from the
 * editor's syntax tree at the cursor, as CodeMirror asks.
 */
import { describe, expect, it } from 'vitest';
import { EditorState } from '@codemirror/state';
import { json } from '@codemirror/lang-json';
import { CompletionContext } from '@codemirror/autocomplete';
import { bindingCompletions, type CallSchemas } from '../../src/app/studio/binding-completion.js';
import responses from '../../src/shared/generated/responses.json';

const object = (properties: Record<string, unknown>) => ({ type: 'object', properties, additionalProperties: false });
const CALLS: CallSchemas[] = [
  {
    name: 'withdrawal/withdrawalDetails',
    access: 'user',
    request: object({ id: { type: 'string' } }),
    response: (responses as Record<string, Record<string, unknown>>)['withdrawal/withdrawalDetails']!,
  },
  {
    name: 'pay/rechargeRecord',
    access: 'user',
    request: null,
    response: object({ items: { type: 'array', items: object({ id: { type: 'string' }, amount: { type: 'number' }, lines: { type: 'array', items: object({ label: { type: 'string' } }) } }) }, total: { type: 'number' } }),
  },
  { name: 'bank/addBank', access: 'user', request: object({ bankName: { type: 'string' }, extra: object({ branch: { type: 'string' } }) }), response: object({ id: { type: 'string' } }) },
];
const source = bindingCompletions(() => CALLS);

/** The labels offered with the cursor at `|` in `doc`. */
function offered(doc: string): string[] | null {
  const pos = doc.indexOf('|');
  const state = EditorState.create({ doc: doc.replace('|', ''), extensions: [json()] });
  const result = source(new CompletionContext(state, pos, true));
  if (!result || result instanceof Promise) return null;
  return result.options.map((o) => o.label);
}

describe('binding completion', () => {
  it('offers call names for a "call" value, replacing what is typed inside the quotes', () => {
    const doc = '{"blocks": [{"kind": "detail", "load": {"call": "with|"}}]}';
    expect(offered(doc)).toEqual(CALLS.map((c) => c.name));
    const state = EditorState.create({ doc: doc.replace('|', ''), extensions: [json()] });
    const result = source(new CompletionContext(state, doc.indexOf('|'), true)) as { from: number; to: number };
    expect(state.sliceDoc(result.from, result.to)).toBe('with');
  });

  it("offers the answer's fields, nested ones as dot paths, for a detail field and when.field", () => {
    const fields = offered('{"blocks": [{"kind": "detail", "load": {"call": "withdrawal/withdrawalDetails", "params": {"id": "{query.id}"}}, "fields": [{"field": "|"}]}]}');
    expect(fields).toEqual(expect.arrayContaining(['amount', 'fee', 'net', 'bank', 'bank.bankName', 'bank.ifsc']));
    expect(fields).not.toContain('id.x');
    const when = offered('{"blocks": [{"kind": "detail", "load": {"call": "withdrawal/withdrawalDetails"}, "actions": [{"call": "bank/addBank", "when": {"field": "st|"}}]}]}');
    expect(when).toContain('status');
  });

  it("offers one item's fields in a list's item and in a detail's itemFields", () => {
    expect(offered('{"blocks": [{"kind": "list", "load": {"call": "pay/rechargeRecord"}, "item": {"title": {"field": "|"}}}]}')).toEqual(['id', 'amount', 'lines']);
    expect(offered('{"blocks": [{"kind": "detail", "load": {"call": "pay/rechargeRecord"}, "fields": [{"field": "items", "itemFields": ["|"]}]}]}')).toEqual(['id', 'amount', 'lines']);
    expect(offered('{"blocks": [{"kind": "detail", "load": {"call": "pay/rechargeRecord"}, "fields": [{"field": "items", "itemFields": [{"field": "a|"}]}]}]}')).toEqual(['id', 'amount', 'lines']);
  });

  it("offers the request's fields for params keys and a submitting block's fields", () => {
    expect(offered('{"blocks": [{"kind": "detail", "load": {"call": "withdrawal/withdrawalDetails", "params": {"|": 1}}}]}')).toEqual(['id']);
    expect(offered('{"blocks": [{"kind": "form", "submit": {"call": "bank/addBank"}, "ui": {"x": {"field": "|"}}}]}')).toEqual(['bankName', 'extra', 'extra.branch']);
  });

  it('works while the rest of the document does not parse, and offers nothing elsewhere', () => {
    expect(offered('{"blocks": [{"kind": "detail", "load": {"call": "withdrawal/withdrawalDetails"}, "fields": [{"field": "b|"}, {"field": ]}')).toContain('bank.ifsc');
    expect(offered('{"blocks": [{"kind": "detail", "load": {"call": "withdrawal/withdrawalDetails"}, "fields": [{"label": "b|"}]}]}')).toBeNull();
    expect(offered('{"blocks": [{"kind": "detail", "fields": [{"field": "|"}]}]}')).toBeNull();
    expect(bindingCompletions(() => [])(new CompletionContext(EditorState.create({ doc: '{"call": ""}', extensions: [json()] }), 10, true))).toBeNull();
  });
});
