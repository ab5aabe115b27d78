/**
 * IPOs over the API, on SQLite and `TEST_DB=pg`: operator set-up and edits,
 * applications (a bid at the fixed price and its approved UPI mandate; tests/api/ipo-bids.test.ts
 * covers bands, cut-off and the mandate) held in the ledger (ASBA-like), the SEBI retail allotment on undersubscribed,
 * exactly subscribed and oversubscribed books (more applicants than lots included), the draw
 * re-run from the revealed seed, `admin/ipo/allot` twice and two processes allotting at once
 * (one entry per application), refunds released in full, a cancelled issue refunding everyone,
 * listing into holdings, and bad inputs refused with their own codes, changing nothing.
 * Ledger invariants (IPO ones included) after every test. The allotment arithmetic runs on an
 * INR account (the Indian deployment: no conversion); tests/api/currency.test.ts converts an
 * application to the EUR account at the feed's EUR/INR rate.
 */
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../src/server/config.js';
import { allot } from '../../src/shared/ipo.js';
import { expectCall, expectOk, localeText } from '../support/envelope.js';
import { ipoDb } from '../../src/server/db/ipo-tables.js';
import { assets, credit, entryCount, investor, useMoneyServer, type Investor } from '../support/money.js';

const ctx = useMoneyServer({ env: { IPO_REQUIRES_IDENTITY: '0', ACCOUNT_CURRENCY: 'INR' } });
const MIN = 60_000;
const HOUR = 3_600_000;

type Ipo = { id: string; symbol: string; status: string; subscribedTimes: number; price: number; lotSize: number; totalShares: number };
type Details = Ipo & {
  applications: number; appliedShares: number; seedHash: string; seed: string | null; winRate: number | null; totalLots: number;
  book: Array<{ id: string; lots: number; allottedLots: number }> | null; myApplication: Application | null;
};
type Application = { id: string; ipoId: string; symbol: string; appliedShares: number; allottedShares: number; amount: number; refundAmount: number; status: string; appliedAt: string; heldAmount: number; paidAmount: number | null; releasedAmount: number | null; allotmentAt: string };

let symbolCounter = 0;
const iso = (ms: number) => new Date(ms).toISOString();

/** Sets up an issue opening in 10 minutes (closes +2 h, allotment +3 h, listing +4 h). */
async function newIpo(overrides: Record<string, unknown> = {}): Promise<string> {
  const now = ctx.server.clock.now();
  const body = {
    symbol: `IPO${process.pid % 1000}X${++symbolCounter}`,
    name: 'Nivesh Test Industries Ltd.',
    price: 100,
    lotSize: 10,
    minLots: 1,
    maxLots: 5,
    totalShares: 100,
    opensAt: iso(now + 10 * MIN),
    closesAt: iso(now + 2 * HOUR),
    allotmentAt: iso(now + 3 * HOUR),
    listingAt: iso(now + 4 * HOUR),
    ...overrides,
  };
  return expectOk(await ctx.server.call<{ id: string }>('admin/ipo/save', body, { token: ctx.operator })).id;
}

/** An investor with `amount` credited through an approved deposit. */
async function funded(amount = 2000): Promise<Investor> {
  const user = await investor(ctx.server);
  await credit(ctx.server, user.token, ctx.operator, amount);
  return user;
}

type Receipt = { id: string; shares: number; amount: number; status: string; bidPrice: number; cutOff: boolean; category: string };
/** A bid: `ipo/purchase` alone (the mandate stays pending, nothing held). */
const bid = (user: Investor, id: string, lots: number, extra: Record<string, unknown> = {}, headers?: Record<string, string>) => ctx.server.call<Receipt>('ipo/purchase', { id, lots, ...extra }, { token: user.token, headers });
/** Approves the UPI mandate of the application `appId`. */
const approve = (user: Investor, appId: string, headers?: Record<string, string>) => ctx.server.call<{ id: string; status: string; heldAmount: number }>('ipo/mandate/approve', { id: appId }, { token: user.token, headers });
/** Bids and approves the mandate (the money is held): answers the bid's receipt, or the first refusal. */
async function apply(user: Investor, id: string, lots: number, headers?: Record<string, string>, extra: Record<string, unknown> = {}) {
  const placed = await bid(user, id, lots, extra, headers);
  if (placed.body.code !== 200) return placed;
  // The approval is its own money command: its own Idempotency-Key.
  const key = headers?.['idempotency-key'];
  const approved = await approve(user, placed.body.data!.id, key ? { 'idempotency-key': `${key}-mandate` } : undefined);
  return approved.body.code === 200 ? placed : (approved as unknown as typeof placed);
}
const details = async (user: Investor, id: string) => expectOk(await ctx.server.call<Details>('ipo/details', { id }, { token: user.token }));
const record = async (user: Investor) => expectOk(await ctx.server.call<{ items: Application[]; total: number }>('ipo/ipoRecord', {}, { token: user.token }));
const allotNow = async () => expectOk(await ctx.server.call<{ ranNow: boolean; applications: number; allottedShares: number; winRate: number }>('admin/ipo/allot', { id: currentIpo }, { token: ctx.operator }));
let currentIpo = '';

/** Creates users, opens the issue, applies `lots[i]` for user i, closes it. */
async function book(lots: number[], overrides: Record<string, unknown> = {}): Promise<{ id: string; users: Investor[] }> {
  const users: Investor[] = [];
  for (const _ of lots) users.push(await funded(5000));
  const id = await newIpo(overrides);
  currentIpo = id;
  ctx.server.clock.advance(11 * MIN);
  for (const [i, n] of lots.entries()) expectOk(await apply(users[i]!, id, n));
  ctx.server.clock.advance(2 * HOUR);
  return { id, users };
}

describe('operator set-up', () => {
  it('creates an issue with a committed seed, lists it as upcoming then open, edits only before it opens', async () => {
    const user = await funded();
    const id = await newIpo();
    let d = await details(user, id);
    expect(d).toMatchObject({ status: 'upcoming', applications: 0, seed: null, winRate: null, book: null, totalLots: 10 });
    expect(d.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expectOk(await ctx.server.call('admin/ipo/save', { id, symbol: `EDIT${symbolCounter}`, name: 'Edited Ltd.', price: 120.5, lotSize: 10, minLots: 1, maxLots: 3, totalShares: 200, opensAt: iso(ctx.server.clock.now() + 10 * MIN), closesAt: iso(ctx.server.clock.now() + HOUR), allotmentAt: iso(ctx.server.clock.now() + HOUR), listingAt: iso(ctx.server.clock.now() + 2 * HOUR) }, { token: ctx.operator }));
    d = await details(user, id);
    expect(d).toMatchObject({ price: 120.5, totalShares: 200, maxLots: 3, name: 'Edited Ltd.' });
    ctx.server.clock.advance(11 * MIN);
    const listed = expectOk(await ctx.server.call<Ipo[]>('ipo/list', { status: 'open' }, { token: user.token }));
    expect(listed.map((i) => i.id)).toContain(id);
    expect(listed.every((i) => i.status === 'open')).toBe(true);
    expectCall(await ctx.server.call('admin/ipo/save', { id, symbol: 'LATE', name: 'x', price: 1, lotSize: 1, minLots: 1, maxLots: 1, totalShares: 1, opensAt: iso(ctx.server.clock.now() + MIN), closesAt: iso(ctx.server.clock.now() + HOUR), allotmentAt: iso(ctx.server.clock.now() + HOUR), listingAt: iso(ctx.server.clock.now() + HOUR) }, { token: ctx.operator }), 409, 1704);
    const audit = await ctx.server.deps.db.selectFrom('audit_log').select('action').where('entity_id', '=', id).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['ipo.create', 'ipo.update']);
  });

  it('refuses bad set-ups with their own codes and investors on operator calls', async () => {
    const user = await funded();
    const now = ctx.server.clock.now();
    const base = { symbol: 'BADIPO', name: 'Bad', price: 100, lotSize: 10, minLots: 1, maxLots: 5, totalShares: 100, opensAt: iso(now + MIN), closesAt: iso(now + HOUR), allotmentAt: iso(now + 2 * HOUR), listingAt: iso(now + 3 * HOUR) };
    const bad = (over: Record<string, unknown>) => ctx.server.call('admin/ipo/save', { ...base, ...over }, { token: ctx.operator });
    expectCall(await bad({ closesAt: iso(now) }), 400, 1705);
    expectCall(await bad({ allotmentAt: iso(now + 30 * MIN) }), 400, 1705);
    expectCall(await bad({ opensAt: '2026-13-45T99:00Z' }), 400, 1705);
    expectCall(await bad({ opensAt: 'not a date' }), 400, 1000);
    expectCall(await bad({ totalShares: 105 }), 400, 1706);
    expectCall(await bad({ minLots: 3, maxLots: 2 }), 400, 1702);
    expectCall(await bad({ price: 10.555 }), 400, 1711);
    expectCall(await bad({ price: 0 }), 400, 1000);
    expectCall(await ctx.server.call('admin/ipo/save', base, { token: user.token }), 403, 1040);
    expectCall(await ctx.server.call('admin/ipo/allot', { id: 'nope' }, { token: ctx.operator }), 404, 1700);
    // The largest application beyond Number.MAX_SAFE_INTEGER minor units: 10,000 lots of
    // 100,000 shares at 1e7 is 1e18 paise — refused with its own code, in the request's language.
    const huge = { price: 10_000_000, lotSize: 100_000, minLots: 1, maxLots: 10_000, totalShares: 1_000_000_000 };
    expect(expectCall(await bad(huge), 400, 1712).message).toBe(localeText('en', 'error.ipoTooLarge'));
    expect((await ctx.server.call('admin/ipo/save', { ...base, ...huge }, { token: ctx.operator, lang: 'de' })).body.message).toBe(localeText('de', 'error.ipoTooLarge'));
    expectCall(await bad({ price: 10_000_000, lotSize: 10_000, minLots: 1, maxLots: 1000, totalShares: 10_000 }), 400, 1712); // 1e16 paise; the issue itself is 1e13
    const ipos = await ipoDb(ctx.server.deps.db).selectFrom('ipos').select('symbol').where('symbol', '=', 'BADIPO').execute();
    expect(ipos).toEqual([]);
    const taken = await newIpo({ symbol: 'TAKENIPO' });
    expect(taken).toBeTruthy();
    expectCall(await bad({ symbol: 'TAKENIPO' }), 409, 1710);
  });
});

describe('applications', () => {
  it('holds shares × price, one application per investor, refuses bad lots, closed issues and short balances — changing nothing', async () => {
    const user = await funded(2000);
    const id = await newIpo();
    expectCall(await apply(user, id, 1), 409, 1701); // not open yet
    ctx.server.clock.advance(11 * MIN);
    const entries = await entryCount(ctx.server);
    expectCall(await apply(user, id, 1.5), 400, 1702);
    expectCall(await apply(user, id, 0), 400, 1702);
    expectCall(await apply(user, id, 6), 400, 1702); // above max
    expectCall(await ctx.server.call('ipo/purchase', { id: 'missing', lots: 1 }, { token: user.token }), 404, 1700);
    // The apply form's schema on both sides: a missing lots is 1702 with the bounds too.
    const missing = expectCall(await ctx.server.call('ipo/purchase', { id }, { token: user.token }), 400, 1702);
    expect(missing.message).toMatch(/\d/);
    expectCall(await ctx.server.call('ipo/quote', { id }, { token: user.token }), 400, 1702);
    expectCall(await ctx.server.call('ipo/purchase', { id: 'missing', lots: 0 }, { token: user.token }), 404, 1700);
    expect(await entryCount(ctx.server)).toBe(entries);
    expect(await assets(ctx.server, user.token)).toEqual({ available: 2000, held: 0, total: 2000 });
    // A short balance is refused when the mandate is approved; the bid stays pending, nothing held.
    const short = await funded(2000);
    const shortBid = expectOk(await bid(short, id, 3));
    expectCall(await approve(short, shortBid.id), 409, 1210); // 3 000 > 2 000
    expect(await assets(ctx.server, short.token)).toEqual({ available: 2000, held: 0, total: 2000 });
    expect((await details(short, id)).myApplication).toMatchObject({ status: 'mandatePending', heldAmount: 3000 });

    const receipt = expectOk(await apply(user, id, 2, { 'idempotency-key': 'ipo-apply-1' }));
    expect(receipt).toMatchObject({ shares: 20, amount: 2000, status: 'mandatePending', bidPrice: 100, cutOff: false, category: 'retail' });
    expect(expectOk(await apply(user, id, 2, { 'idempotency-key': 'ipo-apply-1' }))).toEqual(receipt);
    expect(await assets(ctx.server, user.token)).toEqual({ available: 0, held: 2000, total: 2000 });
    expectCall(await apply(user, id, 1), 409, 1703); // twice
    const d = await details(user, id);
    // The pending mandate of `short` is not in the book.
    expect(d).toMatchObject({ status: 'open', applications: 1, appliedShares: 20, subscribedTimes: 0.2 });
    expect(d.myApplication).toMatchObject({ id: receipt.id, appliedShares: 20, allottedShares: 0, amount: 2000, status: 'applied' });
    // Before allotment only the held amount is known: paid and released are not figures yet.
    expect(d.myApplication).toMatchObject({ heldAmount: 2000, paidAmount: null, releasedAmount: null });
    expect(Date.parse(d.myApplication!.allotmentAt)).toBeGreaterThan(ctx.server.clock.now());
    const bill = expectOk(await ctx.server.call<{ items: Array<{ event: string; kind: string; amount: number | null; reserved: number | null }> }>('billflow/myBillflow', {}, { token: user.token }));
    // The application is one bill line: 2000 reserved, total assets unchanged.
    expect(bill.items.filter((i) => i.kind === 'ipo_hold').map((i) => [i.event, i.amount, i.reserved])).toEqual([['ipo_applied', null, 2000]]);

    ctx.server.clock.advance(2 * HOUR);
    const other = await funded(2000);
    expectCall(await apply(other, id, 1), 409, 1701); // closed
  });

  it('requires an approved identity when configured', async () => {
    const user = await funded(2000);
    const id = await newIpo();
    ctx.server.clock.advance(11 * MIN);
    ctx.server.config.ipo.requiresIdentity = true;
    try {
      expect(expectCall(await apply(user, id, 1), 403, 1713).message).toBe(localeText('en', 'error.ipoIdentityRequired'));
      expect((await ctx.server.call('ipo/purchase', { id, lots: 1 }, { token: user.token, lang: 'de' })).body.message).toBe(localeText('de', 'error.ipoIdentityRequired'));
    } finally {
      ctx.server.config.ipo.requiresIdentity = false;
    }
    expect(await assets(ctx.server, user.token)).toMatchObject({ held: 0 });
  });
});

describe('allotment (SEBI retail rule)', () => {
  it('undersubscribed: everyone gets what they applied for, nothing refunded', async () => {
    const { id, users } = await book([1, 3, 2]);
    expect(expectOk(await ctx.server.call<{ status: string }>('ipo/details', { id }, { token: users[0]!.token })).status).toBe('pendingAllocation');
    const report = await allotNow();
    expect(report).toMatchObject({ ranNow: true, applications: 3, allottedShares: 60, winRate: 1 });
    for (const [i, lots] of [1, 3, 2].entries()) {
      const app = (await record(users[i]!)).items[0]!;
      expect(app).toMatchObject({ ipoId: id, appliedShares: lots * 10, allottedShares: lots * 10, refundAmount: 0, status: 'allotted' });
      expect(await assets(ctx.server, users[i]!.token)).toEqual({ available: 5000 - lots * 1000, held: 0, total: 5000 - lots * 1000 });
    }
  });

  it('exactly subscribed: every lot allotted, no lottery needed', async () => {
    const { users } = await book([5, 5], { totalShares: 100 });
    const report = await allotNow();
    expect(report).toMatchObject({ allottedShares: 100, winRate: 1 });
    for (const u of users) expect((await record(u)).items[0]).toMatchObject({ allottedShares: 50, refundAmount: 0 });
  });

  it('oversubscribed: minimum lot to everyone, the rest in proportion, leftovers by lottery; refunds released at once', async () => {
    // 10 lots for 4 applicants asking 5+5+3+1 = 14: 4 minimum lots, 6 lots left for unfilled demand 4+4+2 = 10.
    const { id, users } = await book([5, 5, 3, 1]);
    await allotNow();
    const got = await Promise.all(users.map(async (u) => (await record(u)).items[0]!));
    expect(got.reduce((s, a) => s + a.allottedShares, 0)).toBe(100);
    expect(got[3]).toMatchObject({ allottedShares: 10, refundAmount: 0 });
    for (const a of got) {
      expect(a.allottedShares).toBeGreaterThanOrEqual(10);
      expect(a.allottedShares + a.refundAmount / 100).toBe(a.appliedShares);
      // Held, paid and released as separate figures: what was held is paid or released.
      expect(a.heldAmount).toBe(a.amount);
      expect(a.paidAmount).toBe(a.allottedShares * 100);
      expect(a.releasedAmount).toBe(a.refundAmount);
      expect(a.paidAmount! + a.releasedAmount!).toBe(a.heldAmount);
    }
    // floor(6×4/10)=2, floor(6×4/10)=2, floor(6×2/10)=1 → 5 given, 1 leftover lot by lottery.
    const lots = got.map((a) => a.allottedShares / 10);
    const extra = lots.map((n, i) => n - [3, 3, 2, 1][i]!);
    expect(extra.filter((e) => e === 1)).toHaveLength(1);
    expect(extra.filter((e) => e === 0)).toHaveLength(3);
    expect(extra[3]).toBe(0);
    for (const [i, u] of users.entries()) {
      const w = await assets(ctx.server, u.token);
      expect(w.held).toBe(0);
      expect(w.available).toBe(5000 - got[i]!.allottedShares * 100);
    }
    const d = await details(users[0]!, id);
    expect(d.status).toBe('pendingListing');
    expect(d.winRate).toBe(1);
    expect(createHash('sha256').update(d.seed!).digest('hex')).toBe(d.seedHash);
    // Anyone can re-run the draw from the published book and seed.
    const rerun = allot(d.book!.map(({ id: appId, lots }) => ({ id: appId, lots })), d.totalLots, 1, d.seed!);
    expect(rerun.map((r) => [r.id, r.allottedLots])).toEqual(d.book!.map((b) => [b.id, b.allottedLots]));
  });

  it('more applicants than lots: a lottery picks the winners of one minimum lot each, the rest is refunded in full', async () => {
    // 3 lots of 2 minimum lots each is 1 winner (6 lots / 2 = 3 winners); 6 applicants.
    const { id, users } = await book([2, 2, 3, 2, 4, 2], { totalShares: 60, minLots: 2 });
    const report = await allotNow();
    expect(report).toMatchObject({ applications: 6, allottedShares: 60, winRate: 0.5 });
    const apps = await Promise.all(users.map(async (u) => (await record(u)).items[0]!));
    const winners = apps.filter((a) => a.status === 'allotted');
    expect(winners).toHaveLength(3);
    for (const w of winners) expect(w.allottedShares).toBe(20);
    for (const loser of apps.filter((a) => a.status !== 'allotted')) expect(loser).toMatchObject({ status: 'notAllotted', allottedShares: 0, refundAmount: loser.amount });
    for (const [i, u] of users.entries()) expect((await assets(ctx.server, u.token)).available).toBe(5000 - apps[i]!.allottedShares * 100);
    const d = await details(users[0]!, id);
    const rerun = allot(d.book!.map(({ id: appId, lots }) => ({ id: appId, lots })), d.totalLots, 2, d.seed!);
    expect(rerun.filter((r) => r.allottedLots > 0).map((r) => r.id).sort()).toEqual(d.book!.filter((b) => b.allottedLots > 0).map((b) => b.id).sort());
    // Another seed draws other winners (the draw depends on the seed).
    const seeds = ['00000001', '7fffffff', 'deadbeef', '12345678', 'cafebabe'].map((s) => allot(d.book!, d.totalLots, 2, s.padEnd(64, '0')).filter((r) => r.allottedLots > 0).map((r) => r.id).join());
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });

  it('admin/ipo/allot twice allots once; before close it is refused', async () => {
    const user = await funded(5000);
    const id = await newIpo();
    currentIpo = id;
    ctx.server.clock.advance(11 * MIN);
    expectOk(await apply(user, id, 2));
    expectCall(await ctx.server.call('admin/ipo/allot', { id }, { token: ctx.operator }), 409, 1707);
    ctx.server.clock.advance(2 * HOUR);
    const first = await allotNow();
    const entries = await entryCount(ctx.server);
    const second = await allotNow();
    expect(first.ranNow).toBe(true);
    expect(second).toMatchObject({ ...first, ranNow: false });
    expect(await entryCount(ctx.server)).toBe(entries);
    expectCall(await ctx.server.call('admin/ipo/cancel', { id }, { token: ctx.operator }), 409, 1708);
  });

  it('two processes allotting at once (job and operator) credit each application once', async () => {
    const { id, users } = await book([5, 5, 5, 5, 5, 5, 5, 5]);
    ctx.server.clock.advance(HOUR); // at allotmentAt
    const env = { ...process.env, NIVESH_MODE: 'demo', DATA_DIR: ctx.server.config.dataDir, DATABASE_URL: ctx.server.config.databaseUrl ?? '', IPO_NOW: String(ctx.server.clock.now()) };
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT_DIR, 'tests/support/ipo-worker.ts')], { cwd: ROOT_DIR, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (output.includes('READY')) {
          clearInterval(timer);
          resolve();
        }
      }, 20);
      child.on('exit', (code) => reject(new Error(`worker exited ${code}: ${output}`)));
    });
    // Listen for the exit before starting: the worker may finish before our own pass does.
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stdin.write('go\n');
    const [ours, operatorCall] = await Promise.all([ctx.server.ipo.run(), ctx.server.call('admin/ipo/allot', { id }, { token: ctx.operator })]);
    await exited;
    const theirs = JSON.parse(/REPORT (.*)\n/.exec(output)![1]!) as { allotted: string[] };
    const operatorRan = (operatorCall.body.data as { ranNow?: boolean } | null)?.ranNow === true ? 1 : 0;
    expect(ours.allotted.filter((x) => x === id).length + theirs.allotted.filter((x) => x === id).length + operatorRan).toBe(1);
    const rows = await ctx.server.deps.db.selectFrom('journal_entries').select('reference').where('kind', '=', 'ipo_allotted').execute();
    const apps = await Promise.all(users.map(async (u) => (await record(u)).items[0]!));
    for (const a of apps) expect(rows.filter((r) => r.reference === a.id)).toHaveLength(1);
    expect(apps.reduce((s, a) => s + a.allottedShares, 0)).toBe(100);
  }, 120_000);

  it('the job allots at allotmentAt and lists at listingAt: allotted shares become a holding', async () => {
    const { id, users } = await book([3, 1]);
    expect((await ctx.server.ipo.run()).allotted).not.toContain(id); // closed, allotment not due yet
    ctx.server.clock.advance(HOUR);
    expect((await ctx.server.ipo.run()).allotted).toContain(id);
    expect((await ctx.server.ipo.run()).allotted).not.toContain(id);
    ctx.server.clock.advance(HOUR);
    expect((await ctx.server.ipo.run()).listed).toContain(id);
    expect((await ctx.server.ipo.run()).listed).not.toContain(id);
    const d = await details(users[0]!, id);
    expect(d.status).toBe('listed');
    const holdings = await ctx.server.deps.db.selectFrom('positions' as never).selectAll().where('symbol' as never, '=', d.symbol as never).execute() as Array<{ user_id: string; quantity: number; cost_minor: number }>;
    expect(holdings.map((h) => [h.user_id, Number(h.quantity), Number(h.cost_minor)]).sort()).toEqual([[users[0]!.userId, 30, 300_000], [users[1]!.userId, 10, 100_000]].sort());
    const shown = expectOk(await ctx.server.call<{ items: Array<{ symbol: string; quantity: number; averageCost: number }> }>('order/purchaseDetails', { type: 'holdings' }, { token: users[0]!.token }));
    expect(shown.items).toEqual([expect.objectContaining({ symbol: d.symbol, quantity: 30, averageCost: 100 })]);
    expect((await record(users[0]!)).items[0]).toMatchObject({ status: 'allotted', allottedShares: 30 });
  });

  it('a listed symbol joins the instrument master and the feed at the issue price: quoted, valued live, sold with order/sell, known after a restart', async () => {
    // The file sets the clock back after each test; start past every second the feed has ticked.
    ctx.server.clock.advance(86_400_000);
    const { id, users } = await book([3, 1]);
    const symbol = (await details(users[0]!, id)).symbol;
    expectCall(await ctx.server.call('markets/getMarket', { symbol }), 404, 1300);
    ctx.server.clock.advance(2 * HOUR);
    expect((await ctx.server.ipo.run()).listed).toContain(id);
    const quote = expectOk(await ctx.server.call<{ symbol: string; last: number; prevClose: number; kind: string; currency: string }>('markets/getMarket', { symbol }));
    // Its path starts at the issue price (₹100): the previous close, and the first ticks near it.
    expect(quote).toMatchObject({ symbol, prevClose: 100, kind: 'equity', currency: 'INR' });
    expect(Math.abs(quote.last - 100)).toBeLessThan(5);
    const all = expectOk(await ctx.server.call<Array<{ symbol: string }>>('markets/getAllMarkets', {}));
    expect(all.map((q) => q.symbol)).toContain(symbol);
    // The feed moves it like every other share; holdings follow the live price.
    ctx.server.clock.advance(10 * MIN);
    const later = expectOk(await ctx.server.call<{ last: number; time: number }>('markets/getMarket', { symbol }));
    expect(later.time).toBe(ctx.server.clock.now()); // it ticked up to now
    const moved = later.last;
    const holding = expectOk(await ctx.server.call<{ items: Array<{ symbol: string; lastPrice: number; marketValue: number }> }>('order/purchaseDetails', { type: 'holdings' }, { token: users[1]!.token })).items[0]!;
    expect(holding).toMatchObject({ symbol, lastPrice: moved, marketValue: Math.round(moved * 100 * 10) / 100 });
    // Allotted shares can be sold (before: 1300, the symbol was unknown to the market).
    const sold = expectOk(await ctx.server.call<{ quantity: number; price: number }>('order/sell', { symbol, quantity: 4 }, { token: users[1]!.token }));
    expect(sold).toMatchObject({ quantity: 4, price: moved });
    // Another process on the same database (a restart) lists it on its first job pass.
    const { buildServer } = await import('../../src/server/app.js');
    const second = await buildServer(ctx.server.config, { clock: ctx.server.clock, db: ctx.server.deps.db, logger: false });
    try {
      await second.jobs.started;
      expect(second.market.instruments.map((i) => i.symbol)).toContain(symbol);
      expect(second.market.feed.quote(symbol)?.last).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
  });
});

describe('cancellation', () => {
  it('a cancelled issue refunds every application in full and shows as ended; nothing can follow', async () => {
    const { id, users } = await book([2, 4, 1]);
    const res = expectOk(await ctx.server.call<{ refunded: number }>('admin/ipo/cancel', { id }, { token: ctx.operator }));
    expect(res.refunded).toBe(3);
    for (const u of users) {
      expect(await assets(ctx.server, u.token)).toEqual({ available: 5000, held: 0, total: 5000 });
      expect((await record(u)).items[0]).toMatchObject({ status: 'refunded', allottedShares: 0 });
    }
    expect((await details(users[0]!, id)).status).toBe('ended');
    expectCall(await ctx.server.call('admin/ipo/cancel', { id }, { token: ctx.operator }), 409, 1709);
    expectCall(await ctx.server.call('admin/ipo/allot', { id }, { token: ctx.operator }), 409, 1709);
    ctx.server.clock.advance(5 * HOUR);
    const after = await ctx.server.ipo.run();
    expect([...after.allotted, ...after.listed]).not.toContain(id);
    const list = expectOk(await ctx.server.call<Array<{ id: string; status: string; applications: number }>>('admin/ipo/list', {}, { token: ctx.operator }));
    expect(list.find((i) => i.id === id)).toMatchObject({ status: 'ended', applications: 3 });
  });
});
