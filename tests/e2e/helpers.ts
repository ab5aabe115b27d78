/** Shared steps for the phone e2e tests. */
import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

let counter = 0;
/** A fresh email for this run. */
export const freshEmail = () => `e2e${Date.now().toString(36)}${++counter}@example.com`;

type OutboxMessage = { id: string; text: string; sentAt: number };

async function outboxFor(request: APIRequestContext, email: string): Promise<OutboxMessage[]> {
  const response = await request.get(`/api/dev/outbox?email=${encodeURIComponent(email)}`);
  return ((await response.json()) as { data: OutboxMessage[] }).data;
}

/**
 * The ids of the messages already mailed to an address. Take it before the step that sends a
 * code and pass it to `readCode`, so only a newer message counts — never compare the server's
 * `sentAt` (the server runs on `CLOCK_START`) with this runner's clock (issue 18).
 */
export async function outboxIds(request: APIRequestContext, email: string): Promise<Set<string>> {
  return new Set((await outboxFor(request, email)).map((m) => m.id));
}

/** Reads the newest 6-digit code mailed to an address that is not among `seen` (outbox ids). */
export async function readCode(request: APIRequestContext, email: string, seen: Set<string> = new Set()): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const newest = (await outboxFor(request, email))[0];
      code = newest && !seen.has(newest.id) ? /\b(\d{6})\b/.exec(newest.text)?.[1] : undefined;
      return code;
    })
    .toBeTruthy();
  return code!;
}

type Login = { email: string; password: string };
const demoCredentials = () =>
  JSON.parse(fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, 'demo-credentials.json'), 'utf8')) as { investor: Login; operator: Login; editor: Login };

/** The demo investor seeded at server start (`DATA_DIR/demo-credentials.json`). */
export const demoInvestor = (): Login => demoCredentials().investor;

/** The demo operator seeded at server start. */
export const demoOperator = (): Login => demoCredentials().operator;

/** The demo editor seeded at server start (issue 11, the studio). */
export const demoEditor = (): Login => demoCredentials().editor;

/** Registers a user through the API (for tests about later screens); returns its token. */
export async function registerByApi(request: APIRequestContext, email = freshEmail(), password = 'Sicher-2026!') {
  const sent = await request.post('/api/user/sendCaptchaByEmail', { data: { email, purpose: 'register' } });
  expect((await sent.json()).code).toBe(200);
  const captcha = await readCode(request, email);
  const response = await request.post('/api/user/register', { data: { email, password, confirmPassword: password, captcha } });
  const body = (await response.json()) as { code: number; data: { token: string; userinfo: unknown } };
  expect(body.code).toBe(200);
  return { email, password, token: body.data.token, userinfo: body.data.userinfo };
}

/** Opens the app with a stored session (and optionally a language). */
export async function openWithSession(page: Page, token: string, path: string, lang?: 'DE' | 'EN') {
  await page.goto('/page');
  await page.evaluate(
    ([t, l]) => {
      localStorage.setItem('token', t!);
      if (l) localStorage.setItem('lang', l);
    },
    [token, lang ?? ''],
  );
  await page.goto(path);
}
