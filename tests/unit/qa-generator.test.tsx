// @vitest-environment jsdom
/**
 * The case generator catches broken widgets. The cases generated from /bindBank's
 * schema + layout run against the real form block (rjsf, our templates, validator and error
 * texts) rendered in jsdom: with the real widgets every case passes; with a widget that
 * swallows input, or one that ignores the field's `pattern` (silently drops a value that does
 * not match instead of letting its message show), generated cases fail. The broken widgets
 * reach the form only through this test's registry (`extendRegistry`), never the product's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { IntlProvider, createIntl } from 'react-intl';
import type { WidgetProps } from '@rjsf/utils';
import FormBlock from '../../renderers/blocks/form/FormBlock';
import { HostContext } from '../../renderers/host';
import { quietHost } from './helpers/renderer';
import { REGISTRY } from '../../renderers/registry';
import { extendRegistry, type RendererRegistry } from '../../renderers/registry-context';
import { RendererProvider } from '../../renderers/RendererProvider';
import { loadWidgets } from '../../renderers/widgets/deferred';
import { TextWidget } from '../../renderers/widgets/InputWidget';
import { generateScreenCases, widgetOf } from '../qa/generate';
import { runCase, type CaseDriver } from '../qa/execute';
import { formsOf, readLayout, readSchema } from '../qa/schemas';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom has no server to import `/api/ui/validators/<schema>.js` from: the form gets
// the module the server would serve (see helpers/form-validator-mock.ts).
vi.mock('../../renderers/form/precompiled', async (importOriginal) => (await import('./helpers/form-validator-mock')).mockPrecompiled(importOriginal));

const en = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../locales/en.json'), 'utf8')) as Record<string, string>;
const intl = createIntl({ locale: 'en', messages: en });
const layout = readLayout('bindBank')!;
const form = formsOf(layout).find((f) => f.formId === 'add')!;
const { cases } = generateScreenCases({ ...layout, blocks: [form.block] }, '/bindBank', 'investor', 'en');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` stops throwing (1.5 s), like Playwright's expect. */
async function eventually(check: () => void): Promise<void> {
  const until = Date.now() + 1500;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
      await sleep(15);
    }
  }
}

/** The real form block in jsdom, driven the way a user (and the Playwright driver) does. */
function mountForm(): { driver: CaseDriver; unmount: () => void } {
  const calls = new Map<string, Record<string, unknown>[]>();
  const toasts: string[] = [];
  let url = '/bindBank';
  const host = quietHost({
    call: async (name, body) => {
      calls.set(name, [...(calls.get(name) ?? []), body as Record<string, unknown>]);
      return { id: 'b1' } as never;
    },
    navigate: (to) => void (url = to),
    toast: (toast) => void toasts.push(toast.messageId ? intl.formatMessage({ id: toast.messageId }, toast.values) : String(toast.text ?? '')),
  });
  const container = document.createElement('div');
  document.body.append(container);
  let root: Root;
  act(() => {
    root = createRoot(container);
    root.render(
      <IntlProvider locale="en" messages={en}>
        <HostContext.Provider value={host}>
          <RendererProvider registry={registry}>
            <FormBlock spec={form.block as never} schemas={{ bindBank: readSchema('bindBank')! }} />
          </RendererProvider>
        </HostContext.Provider>
      </IntlProvider>,
    );
  });
  const fieldBox = (formId: string, field: string) => {
    const box = container.querySelector(`[data-testid="form-${formId}"] [data-field="${field}"]`);
    if (!box) throw new Error(`no field '${field}' in form '${formId}'`);
    return box;
  };
  const driver: CaseDriver = {
    async fill(formId, field, value) {
      const input = fieldBox(formId, field).querySelector('input') as HTMLInputElement;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      await act(async () => {
        setValue.call(input, String(value));
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    },
    async tap() {
      throw new Error('not used');
    },
    async submit(formId) {
      const button = container.querySelector(`[data-testid="form-${formId}"] [data-testid="submit"]`) as HTMLButtonElement;
      await act(async () => button.click());
    },
    async navigate() {},
    async wait(ms) {
      await sleep(ms);
    },
    async expectText(text) {
      await eventually(() => expect(container.textContent).toMatch(text));
    },
    async expectNoText(text) {
      await eventually(() => expect(container.textContent).not.toMatch(text));
    },
    async expectFieldError(formId, field, text) {
      const shown = () => fieldBox(formId, field).querySelector('.field-error')?.textContent;
      await eventually(() => (typeof text === 'string' ? expect(shown(), `error of ${field}`).toBe(text) : expect(shown(), `error of ${field}`).toMatch(text)));
    },
    async expectToast(text) {
      await eventually(() => expect(toasts.some((toast) => (typeof text === 'string' ? toast === text : text.test(toast)))).toBe(true));
    },
    async expectUrl(to) {
      await eventually(() => expect(url).toBe(to));
    },
    async lastCall(name) {
      await eventually(() => expect(calls.get(name)?.length).toBeGreaterThan(0)).catch(() => undefined);
      return calls.get(name)?.at(-1);
    },
    async callsSoFar(name) {
      return calls.get(name) ?? [];
    },
    async query() {
      throw new Error('not used');
    },
  };
  return { driver, unmount: () => act(() => root.unmount()) };
}

/** Runs every generated case; returns the failures' messages by case name. */
async function runAll(): Promise<Map<string, string>> {
  const failures = new Map<string, string>();
  for (const qaCase of cases) {
    const { driver, unmount } = mountForm();
    try {
      await runCase(qaCase, driver);
    } catch (error) {
      failures.set(qaCase.name, (error as Error).message);
    } finally {
      unmount();
    }
  }
  return failures;
}

let registry: RendererRegistry = REGISTRY;
function useTextWidget(widget: (props: WidgetProps) => React.ReactNode) {
  registry = extendRegistry(REGISTRY, { widgets: { text: widget as never, TextWidget: widget as never } });
}
afterEach(() => {
  registry = REGISTRY;
  document.body.innerHTML = '';
});

// In the app the form kind's `load` brings the widgets with the form chunk; here FormBlock is
// imported directly, so the widgets module is loaded first the same way.
beforeAll(() => loadWidgets());

describe('cases generated from /bindBank', { timeout: 120_000 }, () => {
  it('cover the empty submit, every pattern and a valid submit', () => {
    const names = cases.map((c) => c.name);
    expect(names).toContain("add: submitting empty shows each required field's message");
    for (const field of ['holderName', 'bankName', 'accountNumber', 'ifsc', 'phone']) expect(names).toContain(`add: ${field} pattern shows its message`);
    expect(names).toContain('add: a valid value set sends bank/addBank and runs the success actions');
    const ifsc = cases.find((c) => c.name === 'add: ifsc pattern shows its message')!;
    expect(ifsc.steps).toContainEqual({ expectFieldError: { form: 'add', field: 'ifsc', message: 'validation.ifsc', values: undefined } });
  });

  it('all pass against the real widgets', async () => {
    expect([...(await runAll())]).toEqual([]);
  });

  it('fail when a widget ignores pattern (drops non-matching input instead of showing its message)', async () => {
    useTextWidget(function PatternBlind(props: WidgetProps) {
      const pattern = typeof props.schema.pattern === 'string' ? new RegExp(props.schema.pattern) : null;
      return TextWidget({ ...props, onChange: (value: unknown) => props.onChange(pattern && typeof value === 'string' && !pattern.test(value) ? undefined : value) });
    });
    const failures = await runAll();
    // Every field drawn by the text widget (holderName, bankName, ifsc) now misses its message.
    const textFields = Object.keys(form.schema.properties!).filter((field) => widgetOf(form, field) === 'text');
    expect(textFields).toContain('ifsc');
    for (const field of textFields) {
      expect(failures.get(`add: ${field} pattern shows its message`), field).toMatch(/step #\/steps\/2 .*expectFieldError/);
    }
    expect(failures.get('add: ifsc pattern shows its message')).toContain("expected 'Cannot be Empty' to be");
    expect(failures.has('add: a valid value set sends bank/addBank and runs the success actions')).toBe(false);
  });

  it('fail when a widget swallows what is typed', async () => {
    useTextWidget(function Swallowing(props: WidgetProps) {
      return TextWidget({ ...props, onChange: () => undefined });
    });
    const failures = await runAll();
    expect(failures.get('add: a valid value set sends bank/addBank and runs the success actions')).toMatch(/no 'bank\/addBank' call was made/);
    expect(failures.get('add: ifsc pattern shows its message')).toBeDefined();
  });
});
