/**
 * IPO applications racing a cancel or an allotment, on SQLite and `TEST_DB=pg`, through two
 * processes (this server and a worker process on the same database): 150 applications (a bid
 * and the approval of its UPI mandate, which holds the money), then 60 more one every 4 ms
 * while the operator's cancel (or allotment) fires in the other process. Every approved
 * application ends in the cancellation (refunded, hold released) or in the allotment (resolved,
 * hold settled or released); a bid is refused `ipoNotOpen`, or its mandate refused
 * `ipoMandateLapsed` and left lapsed without money; none is left applied with open money. The ledger invariants (an applied application on an ended issue is one)
 * run after each test.
 */
import { describe, expect, it } from 'vitest';
import { expectOk } from '../support/envelope.js';
import { MONDAY_NOON, reportDeposit, uploadScreenshot, useMoneyServer } from '../support/money.js';
import { startApiWorker } from '../support/api-worker.js';
import type { Envelope } from '../../src/shared/codes.js';
import { ipoDb } from '../../src/server/db/ipo-tables.js';

const ctx = useMoneyServer({ env: { IPO_REQUIRES_IDENTITY: '0', ACCOUNT_CURRENCY: 'INR' } });
const MIN = 60_000;
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const WORKER_ENV = { IPO_REQUIRES_IDENTITY: '0', ACCOUNT_CURRENCY: 'INR' };

/** `count` investors with 2,000 each, funded through reported and approved deposits. */
async function fund(count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let start = 0; start < count; start += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, count - start) }, async () => {
        const { token } = await ctx.server.registerUser();
        const id = await reportDeposit(ctx.server, token, 2000, { screenshotId: await uploadScreenshot(ctx.server, token) });
        expectOk(await ctx.server.call('admin/recharge/approve', { id }, { token: ctx.operator }));
        return token;
      }),
    );
    tokens.push(...batch);
    ctx.server.clock.set(MONDAY_NOON);
  }
  return tokens;
}

let investors: Promise<string[]> | undefined;
/** The file's 210 investors (funded once; each applies for one lot of 1,000 per issue, which ends refunded or allotted). */
const fundedTokens = () => (investors ??= fund(210));

/**
 * An issue of 1,000 shares at 100 in lots of 10 (one to five lots per application), open now;
 * it closes in two hours, its allotment job is due an hour after the close.
 */
async function openIpo(tag: string): Promise<{ id: string; closesAt: number }> {
  const now = ctx.server.clock.now();
  const body = {
    symbol: `RACE${tag}${process.pid % 1000}`, name: 'Race Industries Ltd.', price: 100, lotSize: 10, minLots: 1, maxLots: 5, totalShares: 1000,
    opensAt: iso(now + MIN), closesAt: iso(now + 2 * HOUR), allotmentAt: iso(now + 3 * HOUR), listingAt: iso(now + 4 * HOUR),
  };
  const { id } = expectOk(await ctx.server.call<{ id: string }>('admin/ipo/save', body, { token: ctx.operator }));
  ctx.server.clock.advance(2 * MIN);
  return { id, closesAt: now + 2 * HOUR };
}

/** Resolves after `ms` of real time: paces the late applications, never waits for a result. */
const pace = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * No application of `ipoId` is still applied or pending, none keeps an open hold, every accepted
 * one is in the outcome and every other lapsed without a hold.
 */
async function expectNothingStuck(ipoId: string, accepted: string[], resolvedAs: string[]): Promise<void> {
  const db = ctx.server.deps.db;
  const apps = await ipoDb(db).selectFrom('ipo_applications').select(['id', 'status', 'hold_id']).where('ipo_id', '=', ipoId).execute();
  expect(apps.filter((a) => a.status === 'applied' || a.status === 'mandatePending')).toEqual([]);
  const holdIds = apps.flatMap((a) => (a.hold_id === null ? [] : [a.hold_id]));
  const holds = holdIds.length ? await db.selectFrom('holds').select(['id', 'status']).where('id', 'in', holdIds).execute() : [];
  expect(holds.filter((h) => h.status === 'open')).toEqual([]);
  const statusOf = new Map(apps.map((a) => [a.id, a.status]));
  for (const id of accepted) expect(resolvedAs).toContain(statusOf.get(id));
  const others = apps.filter((a) => !accepted.includes(a.id));
  expect(others.every((a) => a.status === 'lapsed' && a.hold_id === null)).toBe(true);
  expect(holdIds).toHaveLength(accepted.length);
}

type Caller = (name: string, body: Record<string, unknown>, token: string) => Promise<Envelope<{ id: string }>>;

/** Bids one lot and approves the mandate through `call`: the approval's answer, or the bid's refusal. */
async function bidAndApprove(call: Caller, id: string, token: string): Promise<Envelope<{ id: string }>> {
  const placed = await call('ipo/purchase', { id, lots: 1 }, token);
  if (placed.code !== 200) return placed;
  return call('ipo/mandate/approve', { id: placed.data.id }, token);
}

describe('applications racing the end of an issue (two processes)', () => {
  it('cancel: every accepted application is refunded with its hold released, the rest are refused', async () => {
    const tokens = await fundedTokens();
    const { id } = await openIpo('C');
    const worker = await startApiWorker(ctx.server, ctx.server.clock.now(), WORKER_ENV);
    try {
      const here: Caller = (name, body, token) => ctx.server.call<{ id: string }>(name, body, { token }).then((r) => r.body);
      const there: Caller = (name, body, token) => worker.call<{ id: string }>(name, body, token);
      const apply = (token: string, i: number): Promise<Envelope<{ id: string }>> => bidAndApprove(i % 2 === 0 ? here : there, id, token);
      const first = await Promise.all(tokens.slice(0, 150).map(apply));
      expect(first.map((r) => r.code)).toEqual(new Array(150).fill(200));
      const late: Array<Promise<Envelope<{ id: string }>>> = [];
      const cancel = pace(60).then(() => worker.call<{ refunded: number }>('admin/ipo/cancel', { id }, ctx.operator));
      for (const [i, token] of tokens.slice(150).entries()) {
        late.push(apply(token, i));
        await pace(4);
      }
      const [cancelled, lateAnswers] = await Promise.all([cancel, Promise.all(late)]);
      expect(cancelled.code).toBe(200);
      expect(lateAnswers.every((r) => r.code === 200 || r.code === 1701 || r.code === 1725)).toBe(true);
      const accepted = [...first, ...lateAnswers].filter((r) => r.code === 200).map((r) => r.data.id);
      expect((cancelled.data as { refunded: number }).refunded).toBe(accepted.length);
      await expectNothingStuck(id, accepted, ['refunded']);
    } finally {
      await worker.stop();
    }
  }, 300_000);

  it('allotment: every accepted application is allotted or not allotted, its hold resolved; the rest are refused', async () => {
    const tokens = await fundedTokens();
    const { id, closesAt } = await openIpo('A');
    // The worker's clock stands at the close (it may allot); this server's just before (it may apply).
    const worker = await startApiWorker(ctx.server, closesAt, WORKER_ENV);
    try {
      const apply = (token: string) => bidAndApprove((name, body, t) => ctx.server.call<{ id: string }>(name, body, { token: t }).then((r) => r.body), id, token);
      const first = await Promise.all(tokens.slice(0, 150).map(apply));
      expect(first.map((r) => r.code)).toEqual(new Array(150).fill(200));
      const late: Array<Promise<Envelope<{ id: string }>>> = [];
      const allot = pace(60).then(() => worker.call<{ applications: number; ranNow: boolean }>('admin/ipo/allot', { id }, ctx.operator));
      for (const token of tokens.slice(150)) {
        late.push(apply(token));
        await pace(4);
      }
      const [allotted, lateAnswers] = await Promise.all([allot, Promise.all(late)]);
      expect(allotted).toMatchObject({ code: 200, data: { ranNow: true } });
      expect(lateAnswers.every((r) => r.code === 200 || r.code === 1701 || r.code === 1725)).toBe(true);
      const accepted = [...first, ...lateAnswers].filter((r) => r.code === 200).map((r) => r.data.id);
      expect((allotted.data as { applications: number }).applications).toBe(accepted.length);
      await expectNothingStuck(id, accepted, ['allotted', 'notAllotted']);
    } finally {
      await worker.stop();
    }
  }, 300_000);
});
