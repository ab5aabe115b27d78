/** Shared steps for the phone e2e tests. */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Where the specs write the phone pictures a person looks at: `SCREENSHOTS_DIR` (e.g.
 * `SCREENSHOTS_DIR=docs/screenshots npm run test:e2e` redraws the documentation's pictures),
 * otherwise `test-results/screenshots`, so a test run never rewrites a tracked file.
 */
export const SHOTS_DIR = process.env.SCREENSHOTS_DIR ?? 'test-results/screenshots';

/** The path of the picture `name` in {@link SHOTS_DIR}; the folder is made when missing. */
export function shotPath(name: string): string {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  return path.join(SHOTS_DIR, name);
}

let counter = 0;
/**
 * A new address for each registration, always 23 characters long: screens that show it (the
 * back-office desks) then wrap the same way in every run, so their screenshots stay stable.
 */
export const freshEmail = () => `${Date.now().toString(36)}${String(++counter % 1000).padStart(3, '0')}@example.com`;

type OutboxMessage = { id: string; text: string; sentAt: number };

async function outboxFor(request: APIRequestContext, email: string): Promise<OutboxMessage[]> {
  const response = await request.get(`/api/dev/outbox?email=${encodeURIComponent(email)}`);
  return ((await response.json()) as { data: OutboxMessage[] }).data;
}

/**
 * The ids of the messages already mailed to an address. Take it before the step that sends a
 * code and pass it to `readCode`, so only a newer message counts — never compare the server's
 * `sentAt` (the server runs on `CLOCK_START`) with this runner's clock.
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
  JSON.parse(fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, 'demo-credentials.json'), 'utf8')) as { investor: Login; operator: Login; editor: Login; editor2: Login } & Record<string, Login | undefined>;

/** A demo account the server seeded by its key in `DATA_DIR/demo-credentials.json` (`editor2`, …), or undefined. */
export const demoCredential = (key: string): Login | undefined => demoCredentials()[key];

/** The demo investor seeded at server start (`DATA_DIR/demo-credentials.json`). */
export const demoInvestor = (): Login => demoCredentials().investor;

/** The demo operator seeded at server start. */
export const demoOperator = (): Login => demoCredentials().operator;

/** The demo editor seeded at server start (the studio). */
export const demoEditor = (): Login => demoCredentials().editor;

/** The second demo editor, who approves the first one's studio changes. */
export const demoEditor2 = (): Login => demoCredentials().editor2;

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

/** POSTs `/api/<call>` (with a token when given), expects code 200 and returns `data`. */
export async function api<T = unknown>(request: APIRequestContext, token: string, call: string, data: unknown): Promise<T> {
  const response = await request.post(`/api/${call}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, data });
  const body = (await response.json()) as { code: number; message: string; data: T };
  expect(body.code, `${call}: ${body.message}`).toBe(200);
  return body.data;
}

/** The demo operator's token. */
export const operatorToken = async (request: APIRequestContext): Promise<string> => (await api<{ token: string }>(request, '', 'user/login', demoOperator())).token;

/** A fresh investor with `amount` (account currency units) available, credited through the real deposit flow and its approval. */
export async function fundedInvestor(request: APIRequestContext, amount = 1000) {
  const user = await registerByApi(request);
  const shot = await sharp({ create: { width: 60, height: 60, channels: 3, background: '#0b6b57' } }).png().toBuffer();
  const upload = await request.post('/api/oss/uploadPhoto', { headers: { authorization: `Bearer ${user.token}` }, multipart: { file: { name: 's.png', mimeType: 'image/png', buffer: shot } } });
  const screenshotId = ((await upload.json()) as { data: { id: string } }).data.id;
  const utr = String(Math.floor(1e11 + Math.random() * 9e11));
  const { id } = await api<{ id: string }>(request, user.token, 'pay/recharge', { amount, channel: 'bank', utr, screenshotId });
  await api(request, await operatorToken(request), 'admin/recharge/approve', { id });
  return user;
}

/**
 * Confirms the command a tap just started on the renderer's confirmation sheet (money and
 * operator commands run only after it).
 */
export async function confirmCommand(page: Page): Promise<void> {
  await page.getByTestId('command-sheet').getByTestId('command-confirm').click();
}

/** What a studio submit or approval answers. */
export interface StudioChange {
  changeId: string;
  status: 'pending' | 'published';
  version?: number;
}

/** Approves a pending studio change as the second demo editor (editor2) and expects it live. */
export async function approveAsEditor2(request: APIRequestContext, submitted: StudioChange): Promise<StudioChange> {
  expect(submitted.status).toBe('pending');
  const token = (await api<{ token: string }>(request, '', 'user/login', demoEditor2())).token;
  const approved = await api<StudioChange>(request, token, 'studio/changes/approve', { id: submitted.changeId });
  expect(approved.status).toBe('published');
  return approved;
}

/**
 * Publishes a screen as the demo editor (from its newest version) and approves it as editor2:
 * the change is live when this resolves. `body` is `studio/screens/publish`'s, without `baseVersion`.
 */
export async function publishApprovedByApi(request: APIRequestContext, body: Record<string, unknown> & { id: string }): Promise<StudioChange> {
  const token = (await api<{ token: string }>(request, '', 'user/login', demoEditor())).token;
  const { baseVersion, textsVersion } = await api<{ baseVersion: number; textsVersion: number }>(request, token, 'studio/screens/get', { id: body.id });
  const submitted = await api<StudioChange>(request, token, 'studio/screens/publish', { baseVersion, ...(body.texts ? { textsBaseVersion: textsVersion } : {}), ...body });
  return approveAsEditor2(request, submitted);
}

/** Rolls a screen back to `version` (0: the files) as the demo editor and approves it as editor2. */
export async function rollbackApprovedByApi(request: APIRequestContext, id: string, version: number): Promise<StudioChange> {
  const token = (await api<{ token: string }>(request, '', 'user/login', demoEditor())).token;
  return approveAsEditor2(request, await api<StudioChange>(request, token, 'studio/screens/rollback', { id, version }));
}

/** The methods of the requests the page sends to `/api/<call>` from now on (one entry a request). */
export function countCalls(page: Page, call: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/api/${call}`) seen.push(request.method());
  });
  return seen;
}
