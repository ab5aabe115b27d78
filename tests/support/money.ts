/**
 * Helpers for the money API tests: a test server with money-friendly settings and
 * the per-file hooks around one ({@link useMoneyServer}), operators created through the domain
 * and logged in through `user/login`, bound bank accounts, real photo uploads for deposit
 * screenshots, deposits credited by an operator's approval, and India-time instants.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { createUser } from '../../src/server/domain/users.js';
import { indiaTime } from '../../src/shared/india-time.js';
import type { Config } from '../../src/server/config.js';
import { startTestServer, type LedgerCheckOption, type TestServer } from './server.js';
import { expectOk } from './envelope.js';
import { multipart, png } from './images.js';
import { useLedgerServer } from './ledger-server.js';

/**
 * A test server for money tests: identity gate off (unless `env` says otherwise), generous
 * login limits, sessions that survive the clock jumping across a week.
 */
export function startMoneyServer(env: Record<string, string> = {}, overrides: Partial<Config> = {}, options: LedgerCheckOption = {}): Promise<TestServer> {
  return startTestServer(
    { WITHDRAWAL_REQUIRES_IDENTITY: '0', LOGIN_PER_IP_PER_15MIN: '100000', UPLOADS_PER_USER_PER_HOUR: '100000', SESSION_IDLE_MS: String(365 * 86_400_000), ...env },
    overrides,
    options,
  );
}

/** Monday 2026-11-23, 11:30 India time: both windows open. */
export const MONDAY_NOON = indiaTime(2026, 11, 23, 11, 30);

/** Creates an operator with `createUser` and logs in through `user/login`; returns the token. */
export async function operatorToken(server: TestServer): Promise<string> {
  const email = `operator-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'operator password 1';
  await createUser(server.deps, { email, password, role: 'operator' });
  return expectOk(await server.call<{ token: string }>('user/login', { email, password })).token;
}

let smallPng: Promise<Buffer> | null = null;

/**
 * Uploads a small PNG through `POST /api/oss/uploadPhoto` (multipart, the real upload route)
 * as the token's user; returns the upload id.
 */
export async function uploadPhoto(server: TestServer, token: string): Promise<string> {
  smallPng ??= png(32, 24);
  const { payload, headers } = multipart(await smallPng, 'screenshot.png', 'image/png');
  const response = await server.app.inject({ method: 'POST', url: '/api/oss/uploadPhoto?lang=en', headers: { ...headers, authorization: `Bearer ${token}` }, payload });
  const body = response.json() as { code: number; data: { id: string } };
  if (response.statusCode !== 200 || body.code !== 200) throw new Error(`upload failed: ${response.body}`);
  return body.data.id;
}

/** Uploads a payment screenshot for `pay/recharge` (one of the user's own uploads); returns its id. */
export const uploadScreenshot = uploadPhoto;

/** An investor with a token, their user id, one bound bank account and one uploaded screenshot. */
export interface Investor {
  token: string;
  email: string;
  userId: string;
  bankId: string;
  /** Id of a payment screenshot the investor uploaded (reusable for several deposits). */
  screenshotId: string;
}

/** Registers an investor, binds one bank account and uploads one payment screenshot. */
export async function investor(server: TestServer): Promise<Investor> {
  const { token, email } = await server.registerUser();
  const bank = expectOk(
    await server.call<{ id: string }>(
      'bank/addBank',
      { holderName: 'Asha Rao', bankName: 'HDFC Bank', accountNumber: String(randomInt(100_000_000, 999_999_999)), ifsc: 'HDFC0001234', phone: '9876543210' },
      { token },
    ),
  );
  const user = await server.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { token, email, userId: user.id, bankId: bank.id, screenshotId: await uploadScreenshot(server, token) };
}

let utrCounter = 0;
/** A fresh 12-digit UTR, unique within the process. */
export const newUtr = (): string => `${String(process.pid % 1000).padStart(3, '0')}${String(++utrCounter).padStart(5, '0')}${String(randomInt(0, 10_000)).padStart(4, '0')}`;

/**
 * A valid `pay/recharge` body for a user.
 * @param owner whose screenshot to reference (an {@link Investor}, or `{screenshotId}` from {@link uploadScreenshot}).
 */
export function rechargeBody(owner: { screenshotId: string }, amount: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { amount, channel: 'bank', utr: newUtr(), screenshotId: owner.screenshotId, ...extra };
}

/** Reports a deposit with a freshly uploaded screenshot (unless `extra.screenshotId` names one); returns its id. */
export async function reportDeposit(server: TestServer, token: string, amount: number, extra: Record<string, unknown> = {}): Promise<string> {
  const screenshotId = typeof extra.screenshotId === 'string' ? extra.screenshotId : await uploadScreenshot(server, token);
  return expectOk(await server.call<{ id: string }>('pay/recharge', rechargeBody({ screenshotId }, amount, extra), { token })).id;
}

/** Reports a deposit and has an operator approve it (inside the deposit window). */
export async function credit(server: TestServer, token: string, operator: string, amount: number): Promise<string> {
  const id = await reportDeposit(server, token, amount);
  expectOk(await server.call('admin/recharge/approve', { id }, { token: operator }));
  return id;
}

/**
 * The caller's `{available, held, total}` from `purse/getAssets` (its `positions`, the market
 * value of holdings, is left out here; trading tests read it directly).
 */
export async function assets(server: TestServer, token: string): Promise<{ available: number; held: number; total: number }> {
  const { available, held, total } = expectOk(await server.call<{ available: number; held: number; total: number }>('purse/getAssets', {}, { token }));
  return { available, held, total };
}

/** Number of journal entries in the database. */
export async function entryCount(server: TestServer): Promise<number> {
  const row = await server.deps.db.selectFrom('journal_entries').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What {@link useMoneyServer} gives a test file; read inside tests and hooks (set from `beforeAll` on). */
export interface MoneyServer {
  /** The file's money server. */
  readonly server: TestServer;
  /** An operator's token on it. */
  readonly operator: string;
}

/**
 * Registers a test file's hooks around one money server ({@link useLedgerServer}): `beforeAll`
 * starts it ({@link startMoneyServer}) and logs an operator in, `afterEach` checks the ledger
 * invariants (and sets the clock back to {@link MONDAY_NOON} unless `resetClock` is false),
 * `afterAll` stops it.
 * @param options.checkTimeoutMs longest time the after-each check may take (ms).
 */
export function useMoneyServer(options: { env?: Record<string, string>; resetClock?: boolean; checkTimeoutMs?: number } = {}): MoneyServer {
  let operator: string | undefined;
  const handle = useLedgerServer({
    start: () => startMoneyServer(options.env),
    started: async (server) => {
      operator = await operatorToken(server);
    },
    afterEachTest: (server) => {
      if (options.resetClock ?? true) server.clock.set(MONDAY_NOON);
    },
    checkTimeoutMs: options.checkTimeoutMs,
  });
  return {
    get server() {
      return handle.server;
    },
    get operator() {
      if (operator === undefined) throw new Error('no operator token yet (read it inside tests and hooks)');
      return operator;
    },
  };
}
