/**
 * IPO bids and the UPI mandate over the API, on SQLite and `TEST_DB=pg`: a price band on
 * `admin/ipo/save` (a fixed price when only `price` is given), bids within the band or at
 * cut-off with their refusals (outside the band, both a price and cut-off, cut-off for an HNI
 * bid), investor categories by the bid amount (`IPO_RETAIL_MAX_AMOUNT` = ₹3,000 here), the
 * mandate — nothing held until it is approved, rejected or lapsed at the close by the job, each
 * decided once — and the allotment at the discovered price: bids below it unblocked in full,
 * the difference between the bid and the price released, retail by lottery and HNI in
 * proportion, re-run from the published book. Ledger invariants after every test. INR account.
 */
import { describe, expect, it } from 'vitest';
import { allotBids } from '../../src/shared/ipo.js';
import { toMinor } from '../../src/shared/money.js';
import { expectCall, expectOk, localeText } from '../support/envelope.js';
import { assets, credit, entryCount, investor, useMoneyServer, type Investor } from '../support/money.js';

const ctx = useMoneyServer({ env: { IPO_REQUIRES_IDENTITY: '0', ACCOUNT_CURRENCY: 'INR', IPO_RETAIL_MAX_AMOUNT: '3000', IPO_RETAIL_PERCENT: '35' } });
const MIN = 60_000;
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
let counter = 0;

type Step = { step: string; status: string; at: string; done: boolean };
type Application = {
  id: string; status: string; lots: number; appliedShares: number; allottedShares: number; heldAmount: number; paidAmount: number | null; releasedAmount: number | null;
  bidPrice: number; cutOff: boolean; category: string; mandateAt: string | null; mandateValidUntil: string; timeline: Step[];
};
type Details = {
  id: string; price: number; priceMin: number; priceMax: number; discoveredPrice: number | null; retailPercent: number; retailMaxAmount: number; totalLots: number; minLots: number;
  applications: number; seed: string | null; closesAt: string; allotmentAt: string; listingAt: string;
  book: Array<{ id: string; lots: number; allottedLots: number; category: 'retail' | 'hni'; bidPrice: number; cutOff: boolean }> | null; myApplication: Application | null;
};

/** An issue opening in 10 minutes (closes +2 h, allotment +3 h, listing +4 h); band ₹90–100 unless overridden. */
async function newIpo(overrides: Record<string, unknown> = {}): Promise<string> {
  const now = ctx.server.clock.now();
  const body = {
    symbol: `BID${process.pid % 1000}X${++counter}`, name: 'Nivesh Book Building Ltd.', priceMin: 90, priceMax: 100, lotSize: 10, minLots: 1, maxLots: 20, totalShares: 100,
    opensAt: iso(now + 10 * MIN), closesAt: iso(now + 2 * HOUR), allotmentAt: iso(now + 3 * HOUR), listingAt: iso(now + 4 * HOUR), ...overrides,
  };
  return expectOk(await ctx.server.call<{ id: string }>('admin/ipo/save', body, { token: ctx.operator })).id;
}

async function funded(amount: number): Promise<Investor> {
  const user = await investor(ctx.server);
  await credit(ctx.server, user.token, ctx.operator, amount);
  return user;
}

const bid = (user: Investor, id: string, lots: number, extra: Record<string, unknown> = {}, lang?: string) =>
  ctx.server.call<{ id: string; amount: number; status: string; bidPrice: number; cutOff: boolean; category: string }>('ipo/purchase', { id, lots, ...extra }, { token: user.token, lang });
const approve = (user: Investor, appId: string) => ctx.server.call<{ id: string; status: string; heldAmount: number }>('ipo/mandate/approve', { id: appId }, { token: user.token });
const reject = (user: Investor, appId: string) => ctx.server.call<{ id: string; status: string }>('ipo/mandate/reject', { id: appId }, { token: user.token });
const details = async (user: Investor, id: string) => expectOk(await ctx.server.call<Details>('ipo/details', { id }, { token: user.token }));

/** Bids and approves; answers the application id. */
async function applied(user: Investor, id: string, lots: number, extra: Record<string, unknown> = {}): Promise<string> {
  const receipt = expectOk(await bid(user, id, lots, extra));
  expectOk(await approve(user, receipt.id));
  return receipt.id;
}

describe('the price band', () => {
  it('a band on admin/ipo/save; only a price is a fixed-price issue; bad bands refused with their own code', async () => {
    const user = await funded(1000);
    const band = await details(user, await newIpo());
    expect(band).toMatchObject({ price: 100, priceMin: 90, priceMax: 100, discoveredPrice: null, retailPercent: 35, retailMaxAmount: 3000 });
    const fixed = await details(user, await newIpo({ priceMin: undefined, priceMax: undefined, price: 120 }));
    expect(fixed).toMatchObject({ price: 120, priceMin: 120, priceMax: 120 });
    const topByPrice = await details(user, await newIpo({ priceMax: undefined, price: 100, priceMin: 95 }));
    expect(topByPrice).toMatchObject({ price: 100, priceMin: 95, priceMax: 100 });
    const bad = (over: Record<string, unknown>) => newIpoCall(over);
    expect(expectCall(await bad({ priceMin: 101 }), 400, 1726).message).toBe(localeText('en', 'error.ipoPriceBandInvalid'));
    expectCall(await bad({ price: 99 }), 400, 1726); // a price given with the band must be its upper end
    expectCall(await bad({ priceMin: undefined, priceMax: undefined }), 400, 1711); // no price at all
    expectCall(await bad({ priceMin: 90.555 }), 400, 1711);
    // The edit form gets the band back and saves it unchanged.
    const id = await newIpo();
    const form = expectOk(await ctx.server.call<Record<string, unknown>>('admin/ipo/get', { id }, { token: ctx.operator }));
    expect(form).toMatchObject({ priceMin: 90, priceMax: 100 });
    expect(form).not.toHaveProperty('price');
    expectOk(await ctx.server.call('admin/ipo/save', form, { token: ctx.operator }));
    const fixedForm = expectOk(await ctx.server.call<Record<string, unknown>>('admin/ipo/get', { id: fixed.id }, { token: ctx.operator }));
    expect(fixedForm).toMatchObject({ price: 120 });
    expect(fixedForm).not.toHaveProperty('priceMin');
    // A fixed price edited in the form stays a fixed price.
    expectOk(await ctx.server.call('admin/ipo/save', { ...fixedForm, price: 125 }, { token: ctx.operator }));
    expect(await details(user, fixed.id)).toMatchObject({ price: 125, priceMin: 125, priceMax: 125 });
  });
});

async function newIpoCall(over: Record<string, unknown>) {
  const now = ctx.server.clock.now();
  const body: Record<string, unknown> = {
    symbol: `BAD${++counter}`, name: 'Bad band', priceMin: 90, priceMax: 100, lotSize: 10, minLots: 1, maxLots: 20, totalShares: 100,
    opensAt: iso(now + 10 * MIN), closesAt: iso(now + 2 * HOUR), allotmentAt: iso(now + 3 * HOUR), listingAt: iso(now + 4 * HOUR), ...over,
  };
  for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
  return ctx.server.call('admin/ipo/save', body, { token: ctx.operator });
}

describe('bids', () => {
  it('within the band or at cut-off; categories by amount; refusals change nothing', async () => {
    const user = await funded(50_000);
    const cutOff = await funded(5000);
    const id = await newIpo();
    ctx.server.clock.advance(11 * MIN);
    const entries = await entryCount(ctx.server);
    const out = expectCall(await bid(user, id, 1, { bidPrice: 89.5 }), 400, 1720);
    const filled = (text: string, values: Record<string, string>) => Object.entries(values).reduce((t, [k, v]) => t.replace(`{${k}}`, v), text);
    expect(out.message).toBe(filled(localeText('en', 'error.ipoBidOutOfBand'), { min: '90', max: '100' }));
    expect((await bid(user, id, 1, { bidPrice: 100.5 }, 'de')).body.message).toBe(filled(localeText('de', 'error.ipoBidOutOfBand'), { min: '90', max: '100' }));
    expectCall(await bid(user, id, 1, { bidPrice: 95.001 }), 400, 1720);
    expectCall(await bid(user, id, 1, { bidPrice: 95, cutOff: true }), 400, 1722);
    // 4 lots × 10 × ₹100 = ₹4,000 > ₹3,000: an HNI bid, which may not bid at cut-off.
    expect(expectCall(await bid(user, id, 4, { cutOff: true }), 400, 1721).message).toBe(filled(localeText('en', 'error.ipoCutOffRetailOnly'), { limit: '3000' }));
    expectCall(await ctx.server.call('ipo/quote', { id, lots: 4, cutOff: true }, { token: user.token }), 400, 1721);
    expect(await entryCount(ctx.server)).toBe(entries);
    // The calculator prices a bid like the bid.
    expect(expectOk(await ctx.server.call('ipo/quote', { id, lots: 3, bidPrice: 95 }, { token: user.token }))).toMatchObject({ shares: 30, price: 95, grossQuote: 2850, amount: 2850, category: 'retail' });
    expect(expectOk(await ctx.server.call('ipo/quote', { id, lots: 4, bidPrice: 92 }, { token: user.token }))).toMatchObject({ price: 92, amount: 3680, category: 'hni' });
    // Today's body (no price): the band's upper end.
    const receipt = expectOk(await bid(user, id, 4));
    expect(receipt).toMatchObject({ amount: 4000, status: 'mandatePending', bidPrice: 100, cutOff: false, category: 'hni' });
    expect(expectOk(await bid(cutOff, id, 3, { cutOff: true }))).toMatchObject({ amount: 3000, bidPrice: 100, cutOff: true, category: 'retail' });
    // Bidding alone holds nothing and books nothing.
    expect(await entryCount(ctx.server)).toBe(entries);
    expect(await assets(ctx.server, user.token)).toEqual({ available: 50_000, held: 0, total: 50_000 });
  });
});

describe('the UPI mandate', () => {
  it('approval holds the bid amount once; a rejected mandate holds nothing; each is decided once and only by its investor', async () => {
    const user = await funded(5000);
    const other = await funded(5000);
    const id = await newIpo();
    ctx.server.clock.advance(11 * MIN);
    const appId = expectOk(await bid(user, id, 2, { bidPrice: 95 })).id;
    let mine = (await details(user, id)).myApplication!;
    expect(mine).toMatchObject({ status: 'mandatePending', heldAmount: 1900, bidPrice: 95, category: 'retail', mandateAt: null });
    // The steps to come show with their expected dates.
    expect(mine.timeline.map((s) => [s.step, s.status, s.done])).toEqual([
      ['applied', 'applied', true], ['mandate', 'mandatePending', false], ['allotment', 'allotmentDue', false], ['unblock', 'unblockDue', false], ['listing', 'listingDue', false],
    ]);
    expect(mine.timeline[1]!.at).toBe(mine.mandateValidUntil);
    expectCall(await approve(other, appId), 404, 1723); // not theirs
    expectCall(await reject(other, appId), 404, 1723);
    expectCall(await approve(user, 'missing'), 404, 1723);
    ctx.server.clock.advance(MIN);
    expect(expectOk(await approve(user, appId))).toMatchObject({ id: appId, status: 'applied', heldAmount: 1900 });
    expect(await assets(ctx.server, user.token)).toEqual({ available: 3100, held: 1900, total: 5000 });
    expect(expectCall(await approve(user, appId), 409, 1724).message).toBe(localeText('en', 'error.ipoMandateDecided'));
    expectCall(await reject(user, appId), 409, 1724);
    expect(await assets(ctx.server, user.token)).toEqual({ available: 3100, held: 1900, total: 5000 });
    mine = (await details(user, id)).myApplication!;
    expect(mine.mandateAt).toBe(iso(ctx.server.clock.now()));
    expect(mine.timeline.map((s) => [s.step, s.status, s.done])).toEqual([
      ['applied', 'applied', true], ['mandate', 'mandateApproved', true], ['allotment', 'allotmentDue', false], ['unblock', 'unblockDue', false], ['listing', 'listingDue', false],
    ]);

    const otherApp = expectOk(await bid(other, id, 1)).id;
    const entries = await entryCount(ctx.server);
    expect(expectOk(await reject(other, otherApp))).toMatchObject({ status: 'mandateRejected' });
    expectCall(await approve(other, otherApp), 409, 1724);
    expect(await entryCount(ctx.server)).toBe(entries);
    expect(await assets(ctx.server, other.token)).toEqual({ available: 5000, held: 0, total: 5000 });
    expect((await details(other, id)).myApplication!.timeline.map((s) => s.status)).toEqual(['applied', 'mandateRejected']);
    expect((await details(user, id)).applications).toBe(1); // only the approved bid is in the book

    // After a rejected mandate the investor bids again while the issue is open: a new application.
    ctx.server.clock.advance(MIN);
    const again = expectOk(await bid(other, id, 2, { bidPrice: 95 }));
    expect(again.id).not.toBe(otherApp);
    expect(again.status).toBe('mandatePending');
    expect((await details(other, id)).myApplication).toMatchObject({ id: again.id, status: 'mandatePending' });
    expectCall(await bid(other, id, 1), 409, 1703); // one live application per investor and issue
    expectCall(await bid(user, id, 1), 409, 1703); // an approved one is live too
    expect(expectOk(await approve(other, again.id))).toMatchObject({ id: again.id, status: 'applied', heldAmount: 1900 });
    expect(await assets(ctx.server, other.token)).toEqual({ available: 3100, held: 1900, total: 5000 });
    expect((await details(user, id)).applications).toBe(2);
    // The rejected application stays in the records.
    const records = expectOk(await ctx.server.call<{ items: Array<{ id: string; status: string }> }>('ipo/ipoRecord', { page: 1 }, { token: other.token }));
    expect(records.items.filter((r) => [otherApp, again.id].includes(r.id)).map((r) => r.status).sort()).toEqual(['applied', 'mandateRejected']);
  });

  it('an unapproved mandate lapses cleanly at the close: no hold, no entry, status lapsed, approval and a late bid refused', async () => {
    const user = await funded(5000);
    const id = await newIpo();
    ctx.server.clock.advance(11 * MIN);
    const appId = expectOk(await bid(user, id, 2)).id;
    const entries = await entryCount(ctx.server);
    ctx.server.clock.advance(HOUR); // still open: the job leaves it pending
    await ctx.server.ipo.run();
    expect((await details(user, id)).myApplication!.status).toBe('mandatePending');
    ctx.server.clock.advance(HOUR); // at the close
    const closesAt = Date.parse((await details(user, id)).closesAt);
    expect(ctx.server.clock.now()).toBeGreaterThanOrEqual(closesAt);
    expect((await ctx.server.ipo.run()).lapsed).toBeGreaterThanOrEqual(1);
    expect((await ctx.server.ipo.run()).lapsed).toBe(0); // once
    const mine = (await details(user, id)).myApplication!;
    expect(mine).toMatchObject({ status: 'lapsed', mandateAt: iso(closesAt), heldAmount: 0, paidAmount: null, releasedAmount: null });
    expect(mine.timeline.map((s) => [s.status, s.at])).toEqual([['applied', mine.timeline[0]!.at], ['lapsed', iso(closesAt)]]);
    expect(expectCall(await approve(user, appId), 409, 1725).message).toBe(localeText('en', 'error.ipoMandateLapsed'));
    expectCall(await reject(user, appId), 409, 1725);
    // A lapsed mandate no longer blocks a bid, but the issue has closed.
    expectCall(await bid(user, id, 2), 409, 1701);
    expect(await entryCount(ctx.server)).toBe(entries);
    expect(await assets(ctx.server, user.token)).toEqual({ available: 5000, held: 0, total: 5000 });
    const holds = await ctx.server.deps.db.selectFrom('holds').select('id').where('reference', '=', appId).execute();
    expect(holds).toEqual([]);
    // The allotment finds nothing to allot.
    ctx.server.clock.advance(HOUR);
    const run = await ctx.server.ipo.run();
    expect(run.allotted).toContain(id);
    expect((await details(user, id)).myApplication!.status).toBe('lapsed');
  });

  it('a mandate approved after the close (before the job ran) is refused as lapsed; a cancelled issue lets pending mandates lapse', async () => {
    const user = await funded(5000);
    const id = await newIpo();
    ctx.server.clock.advance(11 * MIN);
    const appId = expectOk(await bid(user, id, 1)).id;
    ctx.server.clock.advance(2 * HOUR);
    expectCall(await approve(user, appId), 409, 1725);
    expect(await assets(ctx.server, user.token)).toMatchObject({ held: 0 });

    const second = await funded(5000);
    const cancelled = await newIpo();
    ctx.server.clock.advance(11 * MIN);
    const pending = expectOk(await bid(second, cancelled, 1)).id;
    expectOk(await ctx.server.call('admin/ipo/cancel', { id: cancelled }, { token: ctx.operator }));
    expectCall(await approve(second, pending), 409, 1725);
    expect((await details(second, cancelled)).myApplication!.status).toBe('lapsed');
  });
});

describe('allotment at the discovered price', () => {
  it('the highest price whose demand covers the offer; bids below it unblocked in full; the difference refunded', async () => {
    // 10 lots offered, band ₹90–100. Demand at ₹100: A 4 + B 3 (cut-off) = 7; at ₹95: + C 3 = 10 ≥ 10 → ₹95.
    const users = await Promise.all([3000, 3000, 3000, 3000, 3000].map((a) => funded(a)));
    const [a, b, c, d, e] = users as [Investor, Investor, Investor, Investor, Investor];
    const id = await newIpo({ maxLots: 3 });
    ctx.server.clock.advance(11 * MIN);
    const ids = {
      a: await applied(a, id, 3, { bidPrice: 100 }),
      b: await applied(b, id, 3, { cutOff: true }),
      c: await applied(c, id, 3, { bidPrice: 95 }),
      d: await applied(d, id, 2, { bidPrice: 92 }),
      e: await applied(e, id, 1, { bidPrice: 99 }),
    };
    // a 3 + b 3 + e 1 = 7 at ₹99–100; + c 3 = 10 at ₹95.
    expect(await assets(ctx.server, a.token)).toEqual({ available: 0, held: 3000, total: 3000 });
    ctx.server.clock.advance(3 * HOUR);
    expect((await ctx.server.ipo.run()).allotted).toContain(id);
    const shown = await details(a, id);
    expect(shown.discoveredPrice).toBe(95);
    const mine = async (u: Investor) => (await details(u, id)).myApplication!;
    // Allotted at ₹95: paid = shares × 95, released = held − paid.
    expect(await mine(a)).toMatchObject({ status: 'allotted', allottedShares: 30, heldAmount: 3000, paidAmount: 2850, releasedAmount: 150 });
    expect(await mine(b)).toMatchObject({ status: 'allotted', allottedShares: 30, cutOff: true, heldAmount: 3000, paidAmount: 2850, releasedAmount: 150 });
    expect(await mine(c)).toMatchObject({ status: 'allotted', allottedShares: 30, heldAmount: 2850, paidAmount: 2850, releasedAmount: 0 });
    expect(await mine(e)).toMatchObject({ status: 'allotted', allottedShares: 10, heldAmount: 990, paidAmount: 950, releasedAmount: 40 });
    // Below the discovered price: not allotted, unblocked in full.
    expect(await mine(d)).toMatchObject({ status: 'notAllotted', allottedShares: 0, heldAmount: 1840, paidAmount: 0, releasedAmount: 1840 });
    expect(await assets(ctx.server, a.token)).toEqual({ available: 150, held: 0, total: 150 });
    expect(await assets(ctx.server, c.token)).toEqual({ available: 150, held: 0, total: 150 });
    expect(await assets(ctx.server, d.token)).toEqual({ available: 3000, held: 0, total: 3000 });
    // Timelines: a refund of the difference, a full unblock without listing.
    expect((await mine(a)).timeline.map((s) => [s.step, s.status, s.done])).toEqual([
      ['applied', 'applied', true], ['mandate', 'mandateApproved', true], ['allotment', 'allotted', true], ['unblock', 'unblocked', true], ['listing', 'listingDue', false],
    ]);
    expect((await mine(c)).timeline.map((s) => s.status)).toEqual(['applied', 'mandateApproved', 'allotted', 'listingDue']);
    expect((await mine(d)).timeline.map((s) => s.status)).toEqual(['applied', 'mandateApproved', 'notAllotted', 'unblocked']);
    // Anyone can re-run it from the published book.
    const rerun = allotBids(shown.book!.map((x) => ({ id: x.id, lots: x.lots, category: x.category, bidPriceMinor: toMinor(x.bidPrice), cutOff: x.cutOff })), {
      totalLots: shown.totalLots, minLots: shown.minLots, priceMinMinor: toMinor(shown.priceMin), priceMaxMinor: toMinor(shown.priceMax), retailPercent: shown.retailPercent, seedHex: shown.seed!,
    });
    expect(rerun.priceMinor).toBe(9500);
    expect(rerun.rows.map((r) => [r.id, r.allottedLots])).toEqual(shown.book!.map((x) => [x.id, x.allottedLots]));
    expect(new Set(shown.book!.map((x) => x.id))).toEqual(new Set(Object.values(ids)));
    // Listing starts the symbol at the discovered price; the holding's cost is what was paid.
    ctx.server.clock.advance(HOUR);
    expect((await ctx.server.ipo.run()).listed).toContain(id);
    expect((await mine(a)).timeline.at(-1)).toMatchObject({ status: 'listed', done: true });
    const quote = expectOk(await ctx.server.call<{ prevClose: number }>('markets/getMarket', { symbol: (await ctx.server.call<{ symbol: string }>('ipo/details', { id }, { token: a.token })).body.data!.symbol }));
    expect(quote.prevClose).toBe(95);
  });

  it('demand never covers the offer: the lowest price of the band, everyone allotted in full, the rest released', async () => {
    const users = await Promise.all([3000, 3000].map((a) => funded(a)));
    const id = await newIpo();
    ctx.server.clock.advance(11 * MIN);
    await applied(users[0]!, id, 2, { bidPrice: 98 });
    await applied(users[1]!, id, 1, { cutOff: true });
    ctx.server.clock.advance(3 * HOUR);
    await ctx.server.ipo.run();
    expect((await details(users[0]!, id)).discoveredPrice).toBe(90);
    expect((await details(users[0]!, id)).myApplication).toMatchObject({ allottedShares: 20, paidAmount: 1800, releasedAmount: 160 });
    expect((await details(users[1]!, id)).myApplication).toMatchObject({ allottedShares: 10, paidAmount: 900, releasedAmount: 100 });
  });

  it('oversubscribed with both categories: retail lots by lottery, HNI lots in proportion', async () => {
    // 10 lots: 35 % → 3 retail lots, 7 HNI lots. Fixed price ₹100: 1 lot = ₹1,000, retail up to ₹3,000.
    const retail = await Promise.all([1, 2, 3, 4].map(() => funded(1000)));
    const hni = [await funded(10_000), await funded(4000)];
    const id = await newIpo({ priceMin: undefined, priceMax: undefined, price: 100 });
    ctx.server.clock.advance(11 * MIN);
    for (const u of retail) await applied(u, id, 1);
    await applied(hni[0]!, id, 10);
    await applied(hni[1]!, id, 4);
    expectCall(await bid(await funded(100), id, 4, { cutOff: true }), 400, 1721);
    ctx.server.clock.advance(3 * HOUR);
    await ctx.server.ipo.run();
    const mine = async (u: Investor) => (await details(u, id)).myApplication!;
    const retailApps = await Promise.all(retail.map(mine));
    expect(retailApps.every((x) => x.category === 'retail')).toBe(true);
    expect(retailApps.filter((x) => x.status === 'allotted').map((x) => x.allottedShares)).toEqual([10, 10, 10]);
    expect(retailApps.filter((x) => x.status === 'notAllotted')).toHaveLength(1);
    // HNI: 7 lots for 14 asked: floor(7 × 10 / 14) = 5, floor(7 × 4 / 14) = 2.
    expect(await mine(hni[0]!)).toMatchObject({ category: 'hni', allottedShares: 50, paidAmount: 5000, releasedAmount: 5000 });
    expect(await mine(hni[1]!)).toMatchObject({ category: 'hni', allottedShares: 20, paidAmount: 2000, releasedAmount: 2000 });
    expect((await details(hni[0]!, id)).discoveredPrice).toBe(100);
  });
});
