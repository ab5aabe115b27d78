// @vitest-environment jsdom
/**
 * Every form case generated from the screens' layouts and schemas (`tests/qa/generate.ts`:
 * the empty submit, one invalid value per constraint, a valid value set), run in jsdom against
 * the generic renderer — the real `Screen`, blocks, widgets, templates, compiled validators and
 * message texts — with a real server on a SQLite file answering every call in process
 * (`inject`). The cases, roles and accounts are those of the Chromium suite
 * (`tests/qa/suite.ts`); only the driver differs: it types into the same `data-field` boxes,
 * picks, uploads and confirms the same way the Playwright driver does, and the valid submit is
 * answered with success without reaching the server. Chromium runs one case per widget kind
 * (`tests/cases/generated.spec.ts`).
 */
import { randomInt } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { IntlProvider, createIntl } from 'react-intl';
import { SWRConfig } from 'swr';
import { HostContext } from '../../renderers/host';
import { quietHost } from '../unit/helpers/renderer';
import { REGISTRY } from '../../renderers/registry';
import { RendererProvider } from '../../renderers/RendererProvider';
import { Screen } from '../../renderers/Screen';
import type { ScreenPayload } from '../../renderers/types';
import { loadWidgets } from '../../renderers/widgets/deferred';
import { unwrapEnvelope } from '../../src/app/envelope';
import { onToast, showToast } from '../../src/app/toast-bus';
import { INTENT_HEADER, LOAD_INTENT } from '../../src/shared/calls';
import type { Envelope } from '../../src/shared/codes';
import { runCase, type CaseDriver } from '../qa/execute';
import { messagesOf } from '../qa/messages';
import { formsOf, screenOfRoute, readLayout } from '../qa/schemas';
import { needsFreshAccount, routeForms } from '../qa/suite';
import type { CaseGiven, CaseRole } from '../qa/types';
import type { SchemaNode } from '../../src/shared/validation';
import { expectOk } from '../support/envelope';
import { multipart, png } from '../support/images';
import { operatorToken, uploadPhoto } from '../support/money';
import { startTestServer, type TestServer } from '../support/server';

// jsdom has no server to import `/api/ui/validators/<schema>.js` from: the form gets the module
// the server would serve, compiled by the server's own compiler (see the unit helper).
vi.mock('../../renderers/form/precompiled', async (importOriginal) => (await import('../unit/helpers/form-validator-mock')).mockPrecompiled(importOriginal));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// Vitest's jsdom environment puts jsdom's `Uint8Array` on the global object; the server in this
// process checks uploads with `instanceof Uint8Array` (file-type) against Node's Buffers.
globalThis.Uint8Array = Object.getPrototypeOf(Buffer.prototype).constructor as Uint8ArrayConstructor;

const en = messagesOf('en');
/** The app's English locale tag (`intlTag('en')`): numbers in messages format as the app shows them. */
const intl = createIntl({ locale: 'en-IN', messages: en });

/** What a field box holds once its widget is ready (as the Playwright driver looks for it). */
const FIELD_CONTROL = 'input, textarea, [role=radio], button.captcha-trigger';

/** How long an `expect*` step waits for its condition (the Playwright driver's expect timeout). */
const WAIT_MS = 10_000;

let server: TestServer;
let operator: string;
let investor: string;

/** A fresh investor as a case's `given` says (bank, identity, funds), through the real API. */
async function freshInvestor(given: CaseGiven = {}): Promise<string> {
  const { token, email } = await server.registerUser();
  let bankId: string | undefined;
  if (given.bank || (given.funded ?? 0) > 0) {
    const body = { holderName: 'Asha Verma', bankName: 'HDFC Bank', accountNumber: String(randomInt(100_000_000, 999_999_999)), ifsc: 'HDFC0001234', phone: '9876543210' };
    bankId = expectOk(await server.call<{ id: string }>('bank/addBank', body, { token })).id;
  }
  if (given.identity === 'pending' || given.identity === 'approved') {
    const [front, back] = [await uploadPhoto(server, token), await uploadPhoto(server, token)];
    expectOk(await server.call('authentication/save', { name: 'Asha Verma', idType: 'pan', idNumber: 'ABCDE1234F', frontPhotoId: front, backPhotoId: back }, { token }));
    if (given.identity === 'approved') {
      const queue = expectOk(await server.call<{ items: Array<{ id: string; email: string }> }>('admin/authentication/list', { pageSize: 100 }, { token: operator }));
      const mine = queue.items.find((item) => item.email === email);
      expect(mine, 'given: the identity submission is in the review queue').toBeTruthy();
      expectOk(await server.call('admin/authentication/approve', { id: mine!.id }, { token: operator }));
    }
  }
  if ((given.funded ?? 0) > 0) {
    const screenshotId = await uploadPhoto(server, token);
    const deposit = expectOk(await server.call<{ id: string }>('pay/recharge', { amount: given.funded, channel: 'bank', bankId, utr: String(randomInt(1e11, 9e11)), screenshotId }, { token }));
    expectOk(await server.call('admin/recharge/approve', { id: deposit.id }, { token: operator }));
  }
  return token;
}

/** The session a role opens its screens with (the shared investor as in the Chromium suite). */
const tokenOf = (role: CaseRole): string | undefined => (role === 'operator' ? operator : role === 'investor' ? investor : undefined);

/** A fake success answer for an intercepted call (the Playwright driver's). */
const fakeAnswer = (name: string) =>
  name === 'user/login' || name === 'user/register' ? { token: 'qa-intercepted', userinfo: { email: 'qa@example.com', uid: 'QA' } } : { id: 'qa-intercepted' };

/**
 * Mounts a route's screen as the app does (SWR, English messages, host, registry) with a host
 * whose calls reach the test server with the session's token (`intercept`ed calls are answered
 * with success instead), and returns a case driver that records the calls made, the toasts
 * shown and where the screen navigated.
 */
function mountScreen(path: string, token: string | undefined, intercept: string[]): CaseDriver {
  const calls = new Map<string, Array<Record<string, unknown>>>();
  const toasts: string[] = [];
  let url = path;
  window.history.replaceState(null, '', path);
  const record = (name: string, body: unknown) => calls.set(name, [...(calls.get(name) ?? []), (body ?? {}) as Record<string, unknown>]);
  const stopToasts = onToast((toast) => {
    // As the shell's toast host shows it.
    toasts.push(toast.text ?? (toast.messageId ? intl.formatMessage({ id: toast.messageId }) : ''));
  });
  const host = quietHost({
    call: async <T,>(name: string, body?: unknown, options?: { silent?: boolean; idempotencyKey?: string; intent?: 'load' }) => {
      record(name, body);
      if (intercept.includes(name)) return fakeAnswer(name) as T;
      const headers: Record<string, string> = {};
      if (options?.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
      if (options?.intent === LOAD_INTENT) headers[INTENT_HEADER] = LOAD_INTENT;
      const answer = await server.call<T>(name, body ?? {}, { token, lang: 'en', headers });
      return unwrapEnvelope(answer.body, { silent: options?.silent, session: false });
    },
    fetchScreen: async (id) => {
      const response = await server.app.inject({ method: 'GET', url: `/api/ui/screens/${encodeURIComponent(id)}?lang=en` });
      return unwrapEnvelope(response.json() as Envelope<ScreenPayload>, { silent: true, session: false });
    },
    navigate: (to) => void (url = to),
    toast: (toast) => showToast(toast),
    upload: async <T,>(name: string, file: Blob, onProgress: (fraction: number) => void) => {
      record(name, {});
      const { payload, headers } = multipart(Buffer.from(await file.arrayBuffer()), 'photo.png', file.type || 'image/png');
      const response = await server.app.inject({ method: 'POST', url: `/api/${name}?lang=en`, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) }, payload });
      onProgress(1);
      return unwrapEnvelope(response.json() as Envelope<T>, { session: false });
    },
  });
  const view = render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false, revalidateOnFocus: false }}>
      <IntlProvider locale="en-IN" messages={en} defaultLocale="de-DE">
        <HostContext.Provider value={host}>
          <RendererProvider registry={REGISTRY}>
            <Screen id={screenOfRoute(path)} />
          </RendererProvider>
        </HostContext.Provider>
      </IntlProvider>
    </SWRConfig>,
  );
  cleanups.push(stopToasts);

  const formBox = (form: string) => view.container.querySelector(`[data-testid="form-${form}"]`);
  const fieldBox = async (form: string, field: string): Promise<Element> =>
    waitFor(
      () => {
        const box = formBox(form)?.querySelector(`[data-field="${field}"]`);
        if (!box) throw new Error(`field '${field}' of form '${form}' is not shown`);
        return box;
      },
      { timeout: WAIT_MS },
    );
  const matches = (text: string | RegExp, shown: string) => (typeof text === 'string' ? shown.includes(text) : text.test(shown));
  const normalized = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  /** Lets effects, timers set to 0 and answers in flight settle (two macrotasks inside act). */
  const settle = () => act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  const confirmIfAsked = async () => {
    await settle();
    const sheet = document.querySelector('[data-testid="command-sheet"]');
    const confirm = sheet?.querySelector('[data-testid="command-confirm"]');
    if (confirm) await act(async () => fireEvent.click(confirm));
  };
  /** The option index of a value in a choice field's schema (`oneOf` consts or `enum`). */
  const optionIndex = (form: string, field: string, value: unknown): number => {
    const layout = readLayout(screenOfRoute(path));
    const schema = layout ? formsOf(layout, undefined, { inTabs: true }).find((f) => f.formId === form)?.schema : undefined;
    const node = schema?.properties?.[field] as SchemaNode | undefined;
    const values = (node?.oneOf as Array<{ const: unknown }> | undefined)?.map((o) => o.const) ?? (node?.enum as unknown[] | undefined) ?? [];
    return Math.max(0, values.indexOf(value));
  };

  const driver: CaseDriver = {
    async fill(form, field, value) {
      const box = await fieldBox(form, field);
      // A widget that loads its options (bank accounts) shows a skeleton first: wait for a control.
      await waitFor(() => {
        if (!box.querySelector(FIELD_CONTROL)) throw new Error(`field '${field}' of form '${form}' shows no control`);
      }, { timeout: WAIT_MS });
      const file = box.querySelector<HTMLInputElement>('input[type=file]');
      if (file) {
        const image = new File([new Uint8Array(await png(64, 40))], `${field}.png`, { type: 'image/png' });
        await act(async () => fireEvent.change(file, { target: { files: [image] } }));
        await waitFor(() => expect(box.querySelector('[data-phase]')?.getAttribute('data-phase')).toBe('done'), { timeout: 20_000 });
        return;
      }
      const radios = box.querySelectorAll<HTMLElement>('[role=radio], input[type=radio]');
      if (radios.length) {
        await act(async () => fireEvent.click(radios[optionIndex(form, field, value)]!));
        return;
      }
      const captcha = box.querySelector<HTMLButtonElement>('button.captcha-trigger');
      if (captcha) {
        await act(async () => fireEvent.click(captcha));
        const dialog = await waitFor(() => {
          const shown = document.querySelector('[data-testid="captcha-dialog"]');
          if (!shown) throw new Error('the code dialog did not open');
          return shown;
        });
        await act(async () => fireEvent.change(dialog.querySelector('input')!, { target: { value: String(value) } }));
        await act(async () => fireEvent.click(dialog.querySelector('[data-testid="captcha-confirm"]')!));
        await waitFor(() => expect(document.querySelector('[data-testid="captcha-dialog"]')).toBeNull(), { timeout: WAIT_MS });
        await confirmIfAsked();
        return;
      }
      const input = box.querySelector<HTMLInputElement | HTMLTextAreaElement>('input:not([type=file]), textarea');
      if (!input) throw new Error(`field '${field}' of form '${form}' has no input`);
      // A browser lets no more than `maxlength` characters be typed (Playwright's fill included).
      const typed = input.maxLength >= 0 ? String(value).slice(0, input.maxLength) : String(value);
      await act(async () => fireEvent.change(input, { target: { value: typed } }));
    },
    async tap(text) {
      const control = [...document.querySelectorAll<HTMLElement>('button, a, [role=button]')].find((element) => normalized(element.textContent) === text);
      if (!control) throw new Error(`no control '${text}'`);
      await act(async () => fireEvent.click(control));
      await confirmIfAsked();
    },
    async submit(form) {
      const button = await waitFor(() => {
        const found = formBox(form)?.querySelector<HTMLButtonElement>('[data-testid="submit"]');
        if (!found) throw new Error(`form '${form}' has no submit button`);
        return found;
      }, { timeout: WAIT_MS });
      await act(async () => fireEvent.click(button));
      await confirmIfAsked();
    },
    async navigate(to) {
      url = to;
    },
    async wait(ms) {
      await act(async () => new Promise((resolve) => setTimeout(resolve, ms)));
    },
    async expectText(text) {
      await waitFor(() => expect(matches(text, normalized(document.body.textContent)), `text ${String(text)}`).toBe(true), { timeout: WAIT_MS });
    },
    async expectNoText(text) {
      await waitFor(() => expect(matches(text, normalized(document.body.textContent)), `no text ${String(text)}`).toBe(false), { timeout: WAIT_MS });
    },
    async expectFieldError(form, field, text) {
      const box = await fieldBox(form, field);
      await waitFor(() => {
        const shown = normalized(box.querySelector('.field-error')?.textContent);
        if (typeof text === 'string') expect(shown, `error of field '${field}' in form '${form}'`).toBe(normalized(text));
        else expect(shown, `error of field '${field}' in form '${form}'`).toMatch(text);
      }, { timeout: WAIT_MS });
    },
    async expectToast(text) {
      await waitFor(() => expect(toasts.some((toast) => (typeof text === 'string' ? toast.includes(text) : text.test(toast))), `toast "${String(text)}" among ${JSON.stringify(toasts)}`).toBe(true), { timeout: WAIT_MS });
    },
    async expectUrl(to) {
      const withQuery = to.includes('?');
      await waitFor(() => expect(withQuery ? url : url.split('?')[0]).toBe(to), { timeout: WAIT_MS });
    },
    async lastCall(name) {
      await waitFor(() => expect(calls.get(name)?.length ?? 0).toBeGreaterThan(0), { timeout: WAIT_MS }).catch(() => undefined);
      return calls.get(name)?.at(-1);
    },
    async callsSoFar(name) {
      await settle();
      return calls.get(name) ?? [];
    },
    async query(name, body) {
      const answer = await server.call(name, body, { token, lang: 'en' });
      if (answer.body.code !== 200) throw new Error(`'${name}' answered ${answer.body.code} ${answer.body.message}`);
      return answer.body.data;
    },
  };
  return driver;
}

const cleanups: Array<() => void> = [];
afterEach(() => {
  cleanup();
  for (const stop of cleanups.splice(0)) stop();
});

// Answers arrive between the driver's steps, outside `act`: React's reminder says nothing about a case.
const consoleError = console.error.bind(console);
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  if (!String(args[0]).includes('not wrapped in act(')) consoleError(...args);
});

beforeAll(async () => {
  server = await startTestServer({ LOGIN_PER_IP_PER_15MIN: '100000', UPLOADS_PER_USER_PER_HOUR: '100000', SESSION_IDLE_MS: String(365 * 86_400_000) });
  operator = await operatorToken(server);
  // The shared investor of the Chromium suite: bank bound, identity approved, 5,000 deposited,
  // 1,000 of it asked back as a withdrawal.
  investor = await freshInvestor({ bank: true, identity: 'approved', funded: 5000 });
  const [bank] = expectOk(await server.call<Array<{ id: string }>>('bank/get', {}, { token: investor }));
  expectOk(await server.call('withdrawal', { amount: 1000, bankId: bank!.id }, { token: investor }));
  // In the app the form kind's load brings the widgets with the form chunk.
  await loadWidgets();
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

for (const route of routeForms()) {
  if (!route.cases.length && !route.error) continue;
  describe(`screen ${route.screen}`, () => {
    if (route.error) {
      it('form cases can be generated', () => {
        throw route.error;
      });
    }
    for (const qaCase of route.cases) {
      it(`form ${qaCase.name}`, { timeout: 60_000 }, async () => {
        const token = needsFreshAccount(qaCase, route.layout, route.role) ? await freshInvestor(qaCase.given) : tokenOf(route.role);
        await runCase(qaCase, mountScreen(route.path, token, qaCase.intercept ?? []));
      });
    }
  });
}
