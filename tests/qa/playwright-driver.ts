/**
 * The case driver for a real page (Chromium at 390×844): fills fields through their widgets
 * (inputs, the code dialog, photo upload, radio choices), records every `/api` call's body,
 * answers intercepted calls with success so a generated valid submit stores nothing, and asks
 * the server for records with the page's own session (`expectRecord`).
 */
import { expect, type Page, type TestInfo } from '@playwright/test';
import { closest } from 'fastest-levenshtein';
import type { CaseDriver } from './execute';
import { photo } from './given';
import { formsOf, readLayout, screenOfRoute } from './schemas';
import { initOnFirstLoad } from './shared-context';
import type { SchemaNode } from '../../src/shared/validation';
import { ERROR_TOAST_SHOWN_MS, TOASTS_WAITING } from '../../src/app/shell/toast-queue';

type Body = Record<string, unknown>;

/** The longest a toast can wait for its turn: every waiting place taken by an error toast, plus a second. */
const TOAST_TURN_MS = (TOASTS_WAITING + 1) * ERROR_TOAST_SHOWN_MS + 1000;

const callName = (url: string): string | undefined => {
  const { pathname } = new URL(url);
  return pathname.startsWith('/api/') ? decodeURIComponent(pathname.slice('/api/'.length)) : undefined;
};

/** A fake success answer for an intercepted call (sessions get a token the server does not know). */
const fakeAnswer = (name: string) => ({
  code: 200,
  message: 'OK',
  data: name === 'user/login' || name === 'user/register' ? { token: 'qa-intercepted', userinfo: { email: 'qa@example.com', uid: 'QA' } } : { id: 'qa-intercepted' },
});

/** Drives one page for one case. */
export class PageDriver implements CaseDriver {
  private readonly calls = new Map<string, Body[]>();
  private route: string;

  constructor(
    readonly page: Page,
    route: string,
  ) {
    this.route = route;
    page.on('request', (request) => {
      const name = callName(request.url());
      if (!name || request.method() !== 'POST') return;
      let body: Body = {};
      try {
        body = (request.postDataJSON() as Body | null) ?? {};
      } catch {
        body = {};
      }
      this.calls.set(name, [...(this.calls.get(name) ?? []), body]);
    });
  }

  /** Answers these calls with success without reaching the server. */
  async intercept(names: string[]): Promise<void> {
    for (const name of names) {
      await this.page.route((url) => callName(url.toString()) === name, (route) => route.fulfill({ json: fakeAnswer(name) }));
    }
  }

  private form(form: string) {
    return this.page.getByTestId(`form-${form}`);
  }

  private field(form: string, field: string) {
    return this.form(form).locator(`[data-field="${field}"]`);
  }

  /** The option index of a value in a choice field's schema (`oneOf` consts or `enum`). */
  private optionIndex(form: string, field: string, value: unknown): number {
    const layout = readLayout(screenOfRoute(new URL(this.page.url()).pathname)) ?? readLayout(screenOfRoute(this.route));
    const schema = layout ? formsOf(layout, undefined, { inTabs: true }).find((f) => f.formId === form)?.schema : undefined;
    const node = schema?.properties?.[field] as SchemaNode | undefined;
    const values = (node?.oneOf as Array<{ const: unknown }> | undefined)?.map((o) => o.const) ?? (node?.enum as unknown[] | undefined) ?? [];
    return Math.max(0, values.indexOf(value));
  }

  async fill(form: string, field: string, value: string | number | boolean): Promise<void> {
    const box = this.field(form, field);
    await expect(box, `field '${field}' of form '${form}'`).toBeVisible();
    // A widget that loads its options (bank accounts) shows a skeleton first: wait for a control.
    await expect(box.locator('input, textarea, [role=radio], button.captcha-trigger').first(), `a control in field '${field}' of form '${form}'`).toBeAttached();
    const file = box.locator('input[type=file]');
    if (await file.count()) {
      await file.setInputFiles({ name: `${field}.jpg`, mimeType: 'image/jpeg', buffer: await photo(String(value)) });
      await expect(box.locator('[data-phase]')).toHaveAttribute('data-phase', 'done', { timeout: 20_000 });
      return;
    }
    const radios = box.getByRole('radio');
    if (await radios.count()) {
      await radios.nth(this.optionIndex(form, field, value)).click();
      return;
    }
    const captcha = box.locator('button.captcha-trigger');
    if (await captcha.count()) {
      await captcha.click();
      const dialog = this.page.getByTestId('captcha-dialog');
      await dialog.locator('input').fill(String(value));
      await dialog.getByTestId('captcha-confirm').click();
      await expect(dialog).toBeHidden();
      return;
    }
    const input = box.locator('input:not([type=file]), textarea').first();
    await input.fill(String(value));
  }

  async tap(text: string, block?: string): Promise<void> {
    const scope = block ? this.page.locator(`[data-block="${block}"], [data-testid="form-${block}"], [data-testid="${block}"]`).first() : this.page.locator('body');
    const control = scope.getByRole('button', { name: text, exact: true }).or(scope.getByRole('link', { name: text, exact: true })).or(scope.getByText(text, { exact: true }));
    await control.first().click();
    await this.confirmIfAsked();
  }

  /** A tapped money or operator command opens the confirmation sheet in the same render: confirm it, as a user would. */
  private async confirmIfAsked(): Promise<void> {
    await this.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const sheet = this.page.getByTestId('command-sheet');
    if (await sheet.isVisible()) await sheet.getByTestId('command-confirm').click();
  }

  async submit(form: string): Promise<void> {
    await this.form(form).getByTestId('submit').click();
    // A valid submit of a money or operator command opens the confirmation sheet in the same
    // render; two frames later it is either shown (confirm it, as a user would) or not coming.
    await this.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const sheet = this.page.getByTestId('command-sheet');
    if (await sheet.isVisible()) await sheet.getByTestId('command-confirm').click();
  }

  async navigate(path: string): Promise<void> {
    await this.page.goto(path);
  }

  async wait(ms: number): Promise<void> {
    await this.page.waitForTimeout(ms);
  }

  async expectText(text: string | RegExp): Promise<void> {
    try {
      await expect(this.page.getByText(text).filter({ visible: true }).first(), `text ${quote(text)}`).toBeVisible();
    } catch (error) {
      const nearest = await nearestText(this.page, text);
      throw new Error(`text ${quote(text)} is not shown; the nearest text shown is ${nearest === undefined ? 'none (the page shows no text)' : JSON.stringify(nearest)}`, { cause: error });
    }
  }

  async expectNoText(text: string | RegExp): Promise<void> {
    await expect(this.page.getByText(text).filter({ visible: true }), `no text ${quote(text)}`).toHaveCount(0);
  }

  async expectFieldError(form: string, field: string, text: string | RegExp): Promise<void> {
    await expect(this.field(form, field).locator('.field-error'), `error of field '${field}' in form '${form}'`).toHaveText(text);
  }

  /**
   * Toasts are shown one at a time and wait their turn (an error toast stays 6 s): the toast
   * may come after up to {@link TOAST_TURN_MS} of others.
   */
  async expectToast(text: string | RegExp): Promise<void> {
    await expect(this.page.getByTestId('toast').filter({ hasText: text }).first(), `toast "${text}"`).toBeVisible({ timeout: TOAST_TURN_MS });
  }

  async expectUrl(path: string): Promise<void> {
    const withQuery = path.includes('?');
    await expect.poll(() => {
      const url = new URL(this.page.url());
      return withQuery ? `${url.pathname}${url.search}` : url.pathname;
    }, { message: `url ${path}` }).toBe(path);
  }

  async lastCall(name: string): Promise<Body | undefined> {
    await expect.poll(() => this.calls.get(name)?.length ?? 0, { message: `a '${name}' call`, timeout: 10_000 }).toBeGreaterThan(0).catch(() => undefined);
    return this.calls.get(name)?.at(-1);
  }

  async callsSoFar(name: string): Promise<Body[]> {
    // Calls the page is still making count too: wait until the network has been quiet a moment.
    await this.page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    return this.calls.get(name) ?? [];
  }

  async query(name: string, body: Body): Promise<unknown> {
    const token = await this.page.evaluate(() => localStorage.getItem('token')).catch(() => null);
    const response = await this.page.request.post(`/api/${name}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, data: body });
    const answer = (await response.json()) as { code: number; message: string; data: unknown };
    if (answer.code !== 200) throw new Error(`'${name}' answered ${answer.code} ${answer.message}`);
    return answer.data;
  }
}

/** A text or pattern as a failure message shows it. */
const quote = (text: string | RegExp): string => (typeof text === 'string' ? JSON.stringify(text) : `starting with ${JSON.stringify(text.source.replace(/^\^\\s\*/, '').replace(/\\(.)/g, '$1'))}`);

/** The visible line of text on the page closest to `text` (Levenshtein distance), if any. */
async function nearestText(page: Page, text: string | RegExp): Promise<string | undefined> {
  const shown = await page.locator('body').innerText().catch(() => '');
  const lines = [...new Set(shown.split('\n').map((line) => line.trim()).filter(Boolean))];
  if (!lines.length) return undefined;
  const wanted = typeof text === 'string' ? text : text.source.replace(/^\^\\s\*/, '').replace(/\\(.)/g, '$1');
  return closest(wanted, lines);
}

/**
 * Opens a route with a session and language stored as the app stores them: on a shared page
 * (`sharedContextPage`) through its one-time cookie, on any other page through an init script.
 */
export async function openAs(page: Page, route: string, token: string | undefined, lang: string): Promise<void> {
  if (await initOnFirstLoad(page, token ?? '', lang.toUpperCase())) {
    await page.goto(route);
    return;
  }
  await page.addInitScript(
    ([t, l]) => {
      if (sessionStorage.getItem('qa-init')) return; // only before the first load: steps may log out or switch language
      sessionStorage.setItem('qa-init', '1');
      localStorage.clear();
      if (t) localStorage.setItem('token', t);
      localStorage.setItem('lang', l!);
    },
    [token ?? '', lang.toUpperCase()],
  );
  await page.goto(route);
}

/** Attaches a full-page screenshot named after the case and step to the report. */
export async function attachFailure(page: Page, testInfo: TestInfo, label: string): Promise<void> {
  const shot = await page.screenshot({ fullPage: true }).catch(() => undefined);
  if (shot) await testInfo.attach(`${label}.png`, { body: shot, contentType: 'image/png' });
}
