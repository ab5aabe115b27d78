// @vitest-environment jsdom
/**
 * The form block with Testing Library: initial values from its `load` call (only the
 * picked fields) and from `initial` with a route-query placeholder; an empty submit shows each
 * field's message and calls nothing; a valid submit sends the typed body with an
 * Idempotency-Key that a retry of the same data reuses; server field errors land on their
 * fields; success runs the actions (toast, reset); submit events that arrive before a render or
 * while the call is in flight send nothing more. A number of the layout's `initial` below the
 * served schema's `minimum` (above its `maximum`) starts at that bound, on a multiple of
 * `multipleOf`, and is what a submit sends.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import FormBlock from '../../renderers/blocks/form/FormBlock';
import type { FormBlockSpec } from '../../renderers/blocks/form/spec';
import { loadWidgets } from '../../renderers/widgets/deferred';
import { clampToBounds, initialWithinBounds } from '../../renderers/form/initial-bounds';
import { de, fakeHost, renderWithHost } from './helpers/renderer';

vi.mock('../../renderers/form/precompiled', async (importOriginal) => (await import('./helpers/form-validator-mock')).mockPrecompiled(importOriginal));

beforeAll(() => loadWidgets());
afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

const schema = {
  title: 'TestForm',
  type: 'object',
  additionalProperties: false,
  required: ['holderName', 'bankName'],
  properties: {
    holderName: { type: 'string', title: 'field.holderName', minLength: 1 },
    bankName: { type: 'string', title: 'field.bankName', minLength: 1 },
    channel: { type: 'string' },
  },
};

const spec: FormBlockSpec = {
  kind: 'form',
  id: 'add',
  schema: 'testForm',
  initial: { channel: '{query.channel}' },
  submit: { call: 'bank/addBank', label: 'bindBank.submit', idempotent: true, onSuccess: [{ toast: 'bindBank.saved' }, { resetForm: true }] },
  ui: { channel: { 'ui:widget': 'hidden' } },
};

const field = (id: string) => screen.getByLabelText(de[`field.${id}`]!) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });
const submit = () => fireEvent.click(screen.getByTestId('submit'));

describe('form block', () => {
  it('starts from the picked fields of its load call', async () => {
    const { host } = fakeHost({ 'bank/get': () => ({ profile: { holderName: 'Asha Verma', bankName: 'SBI', secret: 'x' } }) });
    renderWithHost(<FormBlock spec={{ ...spec, load: { call: 'bank/get', from: 'profile', pick: ['holderName'] } }} schemas={{ testForm: schema }} />, host);
    await waitFor(() => expect(field('holderName').value).toBe('Asha Verma'));
    expect(field('bankName').value).toBe('');
  });

  it('refuses an empty submit with each field’s message and calls nothing', async () => {
    const { host, calls } = fakeHost({});
    renderWithHost(<FormBlock spec={spec} schemas={{ testForm: schema }} />, host);
    await screen.findByTestId('form-add');
    submit();
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([de['validation.required'], de['validation.required']]));
    expect(calls).toHaveLength(0);
  });

  it('sends the body with an idempotency key, keeps it for a retry and shows server field errors', async () => {
    window.history.replaceState(null, '', '/bindBank?channel=upi');
    let attempt = 0;
    const { host, callsOf, log } = fakeHost({
      'bank/addBank': () => {
        attempt += 1;
        if (attempt === 1) throw Object.assign(new Error('refused'), { code: 1000, data: { errors: [{ field: 'bankName', message: 'Bank unbekannt' }] } });
        return { id: 'b1' };
      },
    });
    renderWithHost(<FormBlock spec={spec} schemas={{ testForm: schema }} />, host);
    await screen.findByTestId('form-add');
    type('holderName', 'Asha Verma');
    type('bankName', 'Nowhere Bank');
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Bank unbekannt'));
    expect(screen.getByRole('alert').closest('[data-field]')?.getAttribute('data-field')).toBe('bankName');

    submit(); // the same data again: the same key, so money would move once
    await waitFor(() => expect(log).toContain('toast bindBank.saved'));
    const [first, second] = callsOf('bank/addBank');
    expect(first!.body).toEqual({ holderName: 'Asha Verma', bankName: 'Nowhere Bank', channel: 'upi' });
    expect(first!.options?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.options?.idempotencyKey).toBe(first!.options?.idempotencyKey);
    // resetForm: the typed values are gone.
    await waitFor(() => expect(field('holderName').value).toBe(''));
  });

  it('edits an array of symbols as one line with the symbolList widget (the article form)', async () => {
    const withSymbols = { ...schema, required: [], properties: { symbols: { type: 'array', title: 'field.holderName', maxItems: 3, items: { type: 'string', minLength: 1 } } } };
    const { host, callsOf } = fakeHost({ 'bank/get': () => ({ symbols: ['TCS'] }), 'bank/addBank': () => ({ id: 'n1' }) });
    renderWithHost(
      <FormBlock spec={{ kind: 'form', id: 'add', schema: 'testForm', load: { call: 'bank/get' }, submit: { call: 'bank/addBank', label: 'bindBank.submit' }, ui: { symbols: { 'ui:widget': 'symbolList' } } }} schemas={{ testForm: withSymbols }} />,
      host,
    );
    await waitFor(() => expect(field('holderName').value).toBe('TCS'));
    type('holderName', 'reliance, tcs  infy,reliance sbin');
    expect(field('holderName').value).toBe('RELIANCE, TCS  INFY,RELIANCE SBIN'); // the typed text stays while editing
    submit();
    await waitFor(() => expect(callsOf('bank/addBank')).toHaveLength(1));
    expect(callsOf('bank/addBank')[0]!.body).toEqual({ symbols: ['RELIANCE', 'TCS', 'INFY'] }); // unique, upper-cased, at most maxItems
  });

  it('uses a new key when the data changed', async () => {
    const { host, callsOf } = fakeHost({ 'bank/addBank': () => ({ id: 'b1' }) });
    renderWithHost(<FormBlock spec={{ ...spec, submit: { ...spec.submit, onSuccess: [] } }} schemas={{ testForm: schema }} />, host);
    await screen.findByTestId('form-add');
    type('holderName', 'A');
    type('bankName', 'B');
    submit();
    await waitFor(() => expect(callsOf('bank/addBank')).toHaveLength(1));
    type('bankName', 'C');
    submit();
    await waitFor(() => expect(callsOf('bank/addBank')).toHaveLength(2));
    const [first, second] = callsOf('bank/addBank');
    expect(second!.options?.idempotencyKey).not.toBe(first!.options?.idempotencyKey);
  });

  it('sends once when two submit events arrive before a render (a double tap, a code confirmation)', async () => {
    let release!: () => void;
    const { host, callsOf } = fakeHost({ 'bank/addBank': () => new Promise((resolve) => (release = () => resolve({ id: 'b1' }))) });
    renderWithHost(<FormBlock spec={{ ...spec, submit: { ...spec.submit, onSuccess: [{ toast: 'bindBank.saved' }] } }} schemas={{ testForm: schema }} />, host);
    const block = await screen.findByTestId('form-add');
    type('holderName', 'Asha Verma');
    type('bankName', 'HDFC Bank');
    const form = block.querySelector('form')!;
    // Two events in one task, outside act(): no render runs between them.
    const event = () => new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(event());
    form.dispatchEvent(event());
    await waitFor(() => expect(callsOf('bank/addBank')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('submit').hasAttribute('disabled')).toBe(true));
    fireEvent.submit(form); // while the call is in flight
    release();
    await waitFor(() => expect(screen.getByTestId('submit').hasAttribute('disabled')).toBe(false));
    expect(callsOf('bank/addBank')).toHaveLength(1);
  });
});

describe('form block: layout initial values within the served bounds', () => {
  /** An order form like the ETF ticket: a hidden symbol and whole units, with bounds published in the studio. */
  const ticket = (quantity: Record<string, unknown>) => ({
    title: 'Ticket',
    type: 'object',
    additionalProperties: false,
    required: ['symbol', 'quantity'],
    properties: { symbol: { type: 'string', minLength: 1 }, quantity: { type: 'integer', title: 'etf.units', ...quantity } },
  });
  const ticketSpec: FormBlockSpec = {
    kind: 'form',
    id: 'ticket',
    schema: 'ticket',
    initial: { symbol: '{query.symbol}', quantity: 1 },
    submit: { call: 'etf/buy', label: 'ticket.confirm', idempotent: true, onSuccess: [] },
    ui: { symbol: { 'ui:widget': 'hidden' } },
  };
  const units = () => screen.getByLabelText(de['etf.units']!) as HTMLInputElement;

  it('opens at a published minimum above the layout’s value and submits it', async () => {
    window.history.replaceState(null, '', '/etfBuy?symbol=NIVBANK');
    const { host, callsOf } = fakeHost({ 'etf/buy': () => ({ id: 'o1' }) });
    renderWithHost(<FormBlock spec={ticketSpec} schemas={{ ticket: ticket({ minimum: 5, maximum: 100 }) }} />, host);
    await waitFor(() => expect(units().value).toBe('5'));
    submit();
    await waitFor(() => expect(callsOf('etf/buy')).toHaveLength(1));
    expect(callsOf('etf/buy')[0]!.body).toEqual({ symbol: 'NIVBANK', quantity: 5 });
  });

  it('opens at the next multiple of multipleOf above the minimum, and at a maximum below the layout’s value', async () => {
    const { host } = fakeHost({});
    renderWithHost(<FormBlock spec={ticketSpec} schemas={{ ticket: ticket({ minimum: 7, multipleOf: 5 }) }} />, host);
    await waitFor(() => expect(units().value).toBe('10'));
    cleanup();
    renderWithHost(<FormBlock spec={{ ...ticketSpec, initial: { quantity: 500 } }} schemas={{ ticket: ticket({ minimum: 1, maximum: 100 }) }} />, host);
    await waitFor(() => expect(units().value).toBe('100'));
  });

  it('keeps a value within the bounds, and one its field has no bounds for', async () => {
    const { host } = fakeHost({});
    renderWithHost(<FormBlock spec={{ ...ticketSpec, initial: { quantity: 3 } }} schemas={{ ticket: ticket({ minimum: 1, maximum: 100 }) }} />, host);
    await waitFor(() => expect(units().value).toBe('3'));
    expect(initialWithinBounds({ quantity: 1, symbol: 'X' }, ticket({}) as never)).toEqual({ quantity: 1, symbol: 'X' });
  });

  it('moves money amounts to a bound on the step’s decimals and leaves a value with no room between the bounds', () => {
    expect(clampToBounds(100, { type: 'number', minimum: 6000.005, multipleOf: 0.01 })).toBe(6000.01);
    expect(clampToBounds(0, { type: 'number', minimum: 0.29, multipleOf: 0.01 })).toBe(0.29);
    expect(clampToBounds(20_000_000, { type: 'number', maximum: 10_000_000, multipleOf: 0.01 })).toBe(10_000_000);
    expect(clampToBounds(1, { type: 'integer', minimum: 4.5 })).toBe(5);
    expect(clampToBounds(1, { type: 'integer', minimum: 6, maximum: 9, multipleOf: 5 })).toBe(1);
    expect(initialWithinBounds({ plan: { lots: 0 } }, { type: 'object', properties: { plan: { type: 'object', properties: { lots: { type: 'integer', minimum: 2 } } } } })).toEqual({ plan: { lots: 2 } });
  });
});
