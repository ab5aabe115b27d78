// @vitest-environment jsdom
/**
 * The catalogue of JSON Schema forms as written for @rjsf/core (`tests/forms/catalogue/*.json`:
 * schema, uiSchema, the data an investor enters, `refused` when that data breaks a rule), each rendered twice in jsdom: by Nivesh's form
 * block (the real block, templates, widgets, German texts and the validator the server compiles)
 * as a data-capture form, and by plain @rjsf/core with @rjsf/validator-ajv8. Both are submitted:
 * Nivesh's form sends exactly what @rjsf/core hands its `onSubmit` (or, for data that breaks a
 * rule, both refuse and Nivesh names each error in words). Nivesh's form shows no "unsupported"
 * stand-in and no raw message id, and every button and input has an accessible name.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, waitFor, within } from '@testing-library/react';
import Form, { getDefaultRegistry } from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import FormBlock from '../../renderers/blocks/form/FormBlock';
import { loadWidgets } from '../../renderers/widgets/deferred';
import { de, fakeHost, renderWithHost } from '../unit/helpers/renderer';

vi.mock('../../renderers/form/precompiled', async (importOriginal) => (await import('../unit/helpers/form-validator-mock')).mockPrecompiled(importOriginal));

/** One catalogue form. */
interface CatalogueForm {
  schema: RJSFSchema;
  ui: UiSchema;
  formData: unknown;
  /** The data breaks a rule: both forms refuse it. */
  refused?: boolean;
}

const dir = path.join(__dirname, 'catalogue');
const catalogue = fs.readdirSync(dir).filter((file) => file.endsWith('.json')).map((file) => ({ name: file.replace(/\.json$/, ''), ...(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CatalogueForm) }));

/** A message id shown as text (`field.email`, `validation.minimum`, `rjsf.AddButton`). */
const RAW_ID = /\b(field|validation|rjsf|widget|common|form)\.[A-Za-z]\w*/;
/** Roles of the controls an investor fills in: each one has a name. */
const CONTROLS = ['textbox', 'checkbox', 'switch', 'radio', 'combobox', 'listbox', 'spinbutton', 'slider'] as const;
/** What a submit puts on the wire. */
const wire = (value: unknown) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));
/** What a submit did: the data sent, or `refused`. */
type Outcome = { sent: unknown } | 'refused';

beforeAll(() => loadWidgets());
afterEach(cleanup);

/** What a test does in a rendered form before it submits (beyond the data it starts with). */
type Enter = (form: HTMLElement) => Promise<void>;

/**
 * @rjsf/core has no switch; its themes (MUI, Chakra, Fluent) offer `toggle` as a checkbox drawn
 * as a switch, and plain rjsf gets its own checkbox under that name for the comparison.
 */
const RJSF_SWITCH = { toggle: getDefaultRegistry().widgets.CheckboxWidget! };

/** Submits the form with plain @rjsf/core and its ajv8 validator. */
async function submitWithRjsf({ schema, ui, formData }: CatalogueForm, enter?: Enter): Promise<Outcome> {
  let outcome: Outcome | undefined;
  const view = render(<Form schema={schema} uiSchema={ui} formData={formData} validator={validator} widgets={RJSF_SWITCH} noHtml5Validate onSubmit={(e) => void (outcome = { sent: wire(e.formData) })} onError={() => void (outcome = 'refused')} />);
  await enter?.(view.container);
  await act(async () => fireEvent.submit(view.container.querySelector('form')!));
  await waitFor(() => expect(outcome).toBeDefined());
  view.unmount();
  return outcome!;
}

/** Renders the form as a Nivesh data-capture form block, checks what it shows, submits it. */
async function submitWithNivesh({ schema, ui, formData }: CatalogueForm, enter?: Enter): Promise<Outcome> {
  const { host, callsOf } = fakeHost({ 'forms/submit': () => ({ id: 'f1' }) });
  const spec = { kind: 'form', id: 'catalogue', schema: 'catalogue', ui, initial: formData, submit: { call: 'forms/submit', label: 'bindBank.submit' } } as const;
  const view = renderWithHost(<FormBlock spec={spec as never} schemas={{ catalogue: schema }} />, host);
  const block = await waitFor(() => view.getByTestId('form-catalogue'));
  const shown = () => block.textContent ?? '';
  expect(shown()).not.toContain(de['widget.unknown']!.split(':')[0]);
  expect(block.querySelectorAll('.fallback')).toHaveLength(0);
  expect(shown()).not.toMatch(RAW_ID);
  expect(within(block).getAllByRole('button').length).toBeGreaterThan(0);
  expect(within(block).queryAllByRole('button', { name: '' }).map((button) => button.outerHTML), 'buttons without a name').toEqual([]);
  for (const role of CONTROLS) expect(within(block).queryAllByRole(role, { name: '' }).map((control) => control.outerHTML), `${role}s without a name`).toEqual([]);
  await enter?.(block);
  await act(async () => fireEvent.click(view.getByTestId('submit')));
  const outcome = await waitFor((): Outcome => {
    const [call] = callsOf('forms/submit');
    if (call) return { sent: wire((call.body as { data: unknown }).data) };
    if (block.querySelector('[role=alert], .field-error')) return 'refused';
    throw new Error('the form neither submitted nor showed an error');
  });
  // A refusal names each error in words of its own rule.
  expect(shown()).not.toMatch(RAW_ID);
  expect(shown()).not.toContain(de['validation.invalid']);
  view.unmount();
  return outcome;
}

describe('catalogue of @rjsf/core forms', () => {
  it('holds at least 30 forms', () => expect(catalogue.length).toBeGreaterThanOrEqual(30));
  for (const form of catalogue) {
    it(`${form.name}: Nivesh submits what @rjsf/core submits`, async () => {
      const expected = await submitWithRjsf(form);
      expect(expected === 'refused', '@rjsf/core refuses exactly the forms marked `refused`').toBe(Boolean(form.refused));
      expect(await submitWithNivesh(form)).toEqual(expected);
    });
  }
});

it('a file picked in the file widget is stored as @rjsf/core stores it (a data URL with its name)', async () => {
  const formats = catalogue.find((form) => form.name === 'formats')!;
  const form = { ...formats, formData: { ...(formats.formData as object), file: undefined } };
  const pick: Enter = async (root) => {
    const file = new File(['hello world'], 'notes.txt', { type: 'text/plain' });
    await act(async () => fireEvent.change(root.querySelector('input[type=file]')!, { target: { files: [file] } }));
    await waitFor(() => expect(root.textContent).toContain('notes.txt'));
  };
  const expected = await submitWithRjsf(form, pick);
  expect(expected).toMatchObject({ sent: { file: 'data:text/plain;name=notes.txt;base64,aGVsbG8gd29ybGQ=' } });
  expect(await submitWithNivesh(form, pick)).toEqual(expected);
});
