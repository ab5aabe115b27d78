/**
 * Charges and documents over the API, on SQLite and `TEST_DB=pg`, on an INR account:
 * - the ticket (`order/quote`) and the trade answer the same breakdown; each charge lands on
 *   its own house account and every entry balances (fast-check over order sizes);
 * - contract notes: `order/contractNotes`, the HTML and PDF of a day's note for its owner,
 *   refusal 1480 for anyone else;
 * - the capital-gains CSV of a scripted year (trades booked at fixed prices through the one
 *   writer of share trades, with the server clock set to each trade's instant) equals the
 *   hand-computed fixture `tests/fixtures/documents/capital-gains-2026-27.csv`; its PDF opens
 *   and its text can be read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { expectCall, expectOk } from '../support/envelope.js';
import { credit, MONDAY_NOON, useMoneyServer } from '../support/money.js';
import { trader } from '../support/trading.js';
import type { TestServer } from '../support/server.js';
import { pdfText } from '../support/pdf-text.js';
import { CHARGE_HOUSE_ACCOUNTS, CHARGE_ITEMS, computeCharges, NSE_DELIVERY_RATES } from '../../src/server/domain/trading/charges.js';
import { moneyTransaction } from '../../src/server/domain/ledger/index.js';
import { recordShareBuy, recordShareSale } from '../../src/server/domain/holdings/index.js';
import { toAccountMinor } from '../../src/shared/currency.js';
import { indiaTime } from '../../src/shared/india-time.js';

// One operator credits the scripted year's deposits (no second approver needed for these sums).
const money = useMoneyServer({ env: { ACCOUNT_CURRENCY: 'INR', DUAL_APPROVAL_AMOUNT: '10000000', SESSION_ABSOLUTE_MS: String(3 * 365 * 86_400_000) } });
const minor = (units: number) => Math.round(units * 100);
type Breakdown = Record<(typeof CHARGE_ITEMS)[number] | 'total', number>;

/** Sum of postings per house account (minor units). */
async function houseBalances(server: TestServer): Promise<Record<string, number>> {
  const rows = await server.deps.db.selectFrom('postings').select(['account_id']).select((eb) => eb.fn.sum<number | string>('amount_minor').as('sum')).where('account_id', 'like', 'house:%').groupBy('account_id').execute();
  return Object.fromEntries(rows.map((r) => [r.account_id, Number(r.sum)]));
}

/** A raw GET with the token; the body as a buffer. */
async function get(server: TestServer, url: string, token?: string) {
  const response = await server.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload, json: () => response.json() as { code: number; message: string } };
}

describe('charges', () => {
  it('shows the same breakdown on the ticket and the trade, books each charge to its own house account, balances every entry', async () => {
    const user = await trader(money.server, money.operator, 90_000);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 12 }), fc.constantFrom('INFY', 'TCS', 'HDFCBANK'), async (quantity, symbol) => {
        money.server.clock.advance(1_000);
        const quote = expectOk(await money.server.call<Breakdown & { charges: Breakdown; chargesInr: Breakdown; total: number; amount: number; grossQuote: number; commission: number; chargesTotal: number; stampDuty: number }>('order/quote', { symbol, quantity, side: 'buy' }, { token: user.token }));
        const before = await houseBalances(money.server);
        const buy = expectOk(await money.server.call<{ id: string; total: number; price: number; commission: number; charges: Breakdown; chargesInr: Breakdown }>('order/purchase', { kind: 'stock', symbol, quantity }, { token: user.token }));
        const expected = computeCharges({ side: 'buy', turnoverInrMinor: minor(buy.price) * quantity, grossAccountMinor: minor(buy.price) * quantity, fxRateMinor: 100 }, NSE_DELIVERY_RATES);
        // The ticket priced at the same instant says what the trade charged.
        expect(buy.charges).toEqual(quote.charges);
        expect(quote.chargesTotal).toBe(quote.charges.total);
        expect(quote.stampDuty).toBe(quote.charges.stampDuty);
        expect(Object.fromEntries(Object.entries(buy.charges).map(([k, v]) => [k, minor(v)]))).toEqual(expected.account);
        expect(buy.chargesInr).toEqual(buy.charges); // an INR account pays the rupee column
        expect(minor(buy.total)).toBe(minor(buy.price) * quantity + expected.account.total);
        expect(minor(buy.commission)).toBe(expected.account.brokerage);
        const after = await houseBalances(money.server);
        for (const item of CHARGE_ITEMS) {
          const account = `house:${CHARGE_HOUSE_ACCOUNTS[item]}`;
          expect((after[account] ?? 0) - (before[account] ?? 0), item).toBe(expected.account[item]);
        }
        // The trade's entry balances, and the investor's legs add up to the total.
        const trade = await money.server.deps.db.selectFrom('trades').select(['entry_id', 'charges_minor']).where('id', '=', buy.id).executeTakeFirstOrThrow();
        const legs = await money.server.deps.db.selectFrom('postings').select(['amount_minor', 'user_id']).where('entry_id', '=', trade.entry_id).execute();
        expect(legs.reduce((s, l) => s + Number(l.amount_minor), 0)).toBe(0);
        expect(legs.filter((l) => l.user_id).reduce((s, l) => s + Number(l.amount_minor), 0)).toBe(-minor(buy.total));
        expect(Number(trade.charges_minor)).toBe(expected.account.total - expected.account.brokerage);

        const sale = expectOk(await money.server.call<{ proceeds: number; price: number; charges: Breakdown }>('order/sell', { symbol, quantity }, { token: user.token }));
        const sold = computeCharges({ side: 'sell', turnoverInrMinor: minor(sale.price) * quantity, grossAccountMinor: toAccountMinor(minor(sale.price) * quantity, 100), fxRateMinor: 100 }, NSE_DELIVERY_RATES);
        expect(sale.charges.stampDuty).toBe(0);
        expect(minor(sale.proceeds)).toBe(minor(sale.price) * quantity - sold.account.total);
      }),
      { numRuns: 6 },
    );
  });
});

describe('documents', () => {
  it('lists contract notes per trade day and serves the HTML and PDF to the owner only', async () => {
    const owner = await trader(money.server, money.operator, 50_000);
    const other = await trader(money.server, money.operator, 1_000);
    money.server.clock.set(MONDAY_NOON);
    const b1 = expectOk(await money.server.call<{ id: string; total: number }>('order/purchase', { kind: 'stock', symbol: 'INFY', quantity: 3 }, { token: owner.token }));
    money.server.clock.advance(60_000);
    const s1 = expectOk(await money.server.call<{ id: string; proceeds: number }>('order/sell', { symbol: 'INFY', quantity: 1 }, { token: owner.token }));
    money.server.clock.set(MONDAY_NOON + 86_400_000);
    const b2 = expectOk(await money.server.call<{ id: string; total: number }>('order/purchase', { kind: 'stock', symbol: 'TCS', quantity: 1 }, { token: owner.token }));

    const notes = expectOk(await money.server.call<{ items: Array<{ id: string; date: string; trades: number; bought: number; sold: number; net: number; number: string }>; total: number }>('order/contractNotes', { page: 1 }, { token: owner.token }));
    expect(notes.total).toBe(2);
    expect(notes.items.map((n) => [n.id, n.date, n.trades])).toEqual([[b2.id, '2026-11-24', 1], [b1.id, '2026-11-23', 2]]);
    expect(notes.items[1]).toMatchObject({ bought: b1.total, sold: s1.proceeds, net: Math.round((s1.proceeds - b1.total) * 100) / 100 });
    // Numbers are stored and sequential within the financial year, the older day first.
    const [n2, n1] = notes.items.map((n) => n.number);
    expect(n1).toMatch(/^CN-2026-27-[0-9]{6}$/);
    expect(Number(n2!.slice(-6))).toBe(Number(n1!.slice(-6)) + 1);
    const again = expectOk(await money.server.call<{ items: Array<{ number: string }> }>('order/contractNotes', { page: 1 }, { token: owner.token }));
    expect(again.items.map((n) => n.number)).toEqual([n2, n1]);
    const stored = await money.server.deps.db.selectFrom('contract_notes' as never).select(['number' as never, 'trade_day' as never]).where('user_id' as never, '=', owner.userId as never).execute();
    expect(stored).toHaveLength(2);
    expect(expectOk(await money.server.call<{ total: number }>('order/contractNotes', { page: 1 }, { token: other.token })).total).toBe(0);

    // Any trade of the day opens the day's note, in the request's language (German by default).
    const html = await get(money.server, `/api/documents/contract-note/${s1.id}?format=html&lang=en`, owner.token);
    expect(html.status).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.headers['content-security-policy']).toContain("default-src 'none'");
    const text = html.body.toString('utf8');
    expect(text).toContain('<html lang="en">');
    expect(text).toContain(`Contract note ${n1}`);
    expect(text).toContain('Trade date 23 November 2026');
    expect(text).toContain('Securities transaction tax');
    expect(text).toContain('0.1% of turnover');
    expect(text).not.toContain('TCS');
    const german = (await get(money.server, `/api/documents/contract-note/${s1.id}`, owner.token)).body.toString('utf8');
    expect(german).toContain(`Abrechnung ${n1}`);
    expect(german).toContain('Handelstag 23. November 2026');
    expect(german).toContain('Wertpapiertransaktionssteuer: 0,1\u00a0% des Umsatzes');
    const hindi = (await get(money.server, `/api/documents/contract-note/${s1.id}?lang=hi`, owner.token)).body.toString('utf8');
    expect(hindi).toContain(`कॉन्ट्रैक्ट नोट ${n1}`);
    expect(hindi).toContain('स्टाम्प शुल्क');
    const chinese = (await get(money.server, `/api/documents/contract-note/${s1.id}?lang=zh`, owner.token)).body.toString('utf8');
    expect(chinese).toContain(`成交单 ${n1}`);
    expect(chinese).toContain('2026年11月23日');

    const link = expectOk(await money.server.call<{ url: string; filename: string }>('documents/contractNoteLink', { id: b1.id, format: 'pdf' }, { token: owner.token }));
    expect(link.filename).toBe(`${notes.items[1]!.number}.pdf`);
    const file = await get(money.server, link.url, owner.token);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const parsed = await pdfText(file.body);
    expect(parsed.text).toContain(notes.items[1]!.number);
    expect(parsed.text).toContain('INFY');
    expect(parsed.text).toContain('Stamp duty');
    // The Chinese and Hindi notes embed the app's Noto Sans files and stay extractable.
    for (const lang of ['zh', 'hi'] as const) {
      const localized = await get(money.server, `/api/documents/contract-note/${b1.id}?format=pdf&lang=${lang}`, owner.token);
      expect(localized.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const read = await pdfText(localized.body);
      expect(read.text).toContain(n1!);
      if (lang === 'zh') expect(read.text.replace(/\s/g, '')).toContain('印花税');
    }

    // Another investor, an unknown id, no session.
    for (const url of [`/api/documents/contract-note/${b1.id}?format=pdf`, `/api/documents/contract-note/${b1.id}`, '/api/documents/contract-note/nope']) {
      const refused = await get(money.server, url, other.token);
      expect(refused.status).toBe(403);
      expect(refused.json().code).toBe(1480);
    }
    expect(expectCall(await money.server.call('documents/contractNoteLink', { id: b1.id, format: 'pdf' }, { token: other.token }), 403, 1480).message).toBe('This contract note is not one of yours.');
    expect((await get(money.server, `/api/documents/contract-note/${b1.id}`)).json().code).toBe(501);
    expect((await get(money.server, `/api/documents/contract-note/${b1.id}?format=doc`, owner.token)).json().code).toBe(1482);
  });

  it('writes the capital-gains CSV of a scripted year exactly as the hand-computed fixture; the PDF opens', async () => {
    const user = await trader(money.server, money.operator, 90_000);
    await credit(money.server, user.token, money.operator, 90_000);
    await credit(money.server, user.token, money.operator, 90_000);
    expect(expectOk(await money.server.call<{ available: number }>('purse/getAssets', {}, { token: user.token })).available).toBe(270_000);
    const { deps } = money.server;
    const at = (y: number, m: number, d: number) => {
      money.server.clock.set(indiaTime(y, m, d, 10));
      return money.server.clock.now();
    };
    const buy = (now: number, symbol: string, quantity: number, rupees: number) =>
      moneyTransaction(deps.db, (trx) => recordShareBuy(trx, now, { userId: user.userId, symbol, quantity, priceMinor: rupees * 100, commissionBps: 10, entryKind: 'stock_bought', fxRateMinor: 100, charges: NSE_DELIVERY_RATES }));
    const sell = (now: number, symbol: string, quantity: number, rupees: number) => {
      const charges = computeCharges({ side: 'sell', turnoverInrMinor: rupees * 100 * quantity, grossAccountMinor: rupees * 100 * quantity, fxRateMinor: 100 }, NSE_DELIVERY_RATES);
      return moneyTransaction(deps.db, (trx) => recordShareSale(trx, now, { userId: user.userId, symbol, quantity, priceMinor: rupees * 100, grossMinor: rupees * 100 * quantity, commissionMinor: charges.account.brokerage, fxRateMinor: 100, entryKind: 'stock_sold', charges: NSE_DELIVERY_RATES }));
    };
    const b3 = await buy(at(2025, 4, 15), 'INFY', 20, 1_500);
    expect(b3.totalMinor).toBe(3_007_149);
    await buy(at(2025, 6, 2), 'TCS', 10, 3_000);
    await buy(at(2025, 7, 1), 'RELIANCE', 4, 2_500);
    await sell(at(2026, 2, 2), 'RELIANCE', 4, 2_600);
    expect((await buy(at(2026, 5, 4), 'TCS', 10, 3_200)).totalMinor).toBe(3_207_592);
    expect((await sell(at(2026, 6, 1), 'TCS', 15, 3_500)).proceedsMinor).toBe(5_238_315);
    expect((await sell(at(2026, 9, 1), 'INFY', 20, 1_800)).proceedsMinor).toBe(3_592_021);
    expect((await sell(at(2027, 3, 15), 'TCS', 5, 2_900)).proceedsMinor).toBe(1_446_737);
    money.server.clock.set(indiaTime(2027, 4, 2, 10));

    const fixture = fs.readFileSync(path.join(import.meta.dirname, '../fixtures/documents/capital-gains-2026-27.csv'), 'utf8');
    const link = expectOk(await money.server.call<{ url: string; filename: string }>('documents/capitalGainsLink', { fy: '2026-27', format: 'csv' }, { token: user.token }));
    expect(link).toEqual({ url: '/api/documents/capital-gains?fy=2026-27&format=csv', filename: 'capital-gains-2026-27.csv' });
    const csv = await get(money.server, link.url, user.token);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.toString('utf8')).toBe(fixture);

    const years = expectOk(await money.server.call<Array<{ fy: string; shortTermGain: number; longTermGain: number; sales: number }>>('documents/financialYears', {}, { token: user.token }));
    expect(years.map((y) => y.fy)).toEqual(['2027-28', '2026-27', '2025-26']);
    expect(years[1]).toMatchObject({ shortTermGain: 4833.11, longTermGain: 5914.72, sales: 4 });

    const pdfLink = expectOk(await money.server.call<{ url: string }>('documents/capitalGainsLink', { fy: '2026-27', format: 'pdf' }, { token: user.token, lang: 'en' }));
    expect(pdfLink.url).toBe('/api/documents/capital-gains?fy=2026-27&format=pdf&lang=en');
    const file = await get(money.server, pdfLink.url, user.token);
    expect(file.status).toBe(200);
    expect(file.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const parsed = await pdfText(file.body);
    expect(parsed.text).toContain('Capital gains statement FY 2026-27');
    expect(parsed.text).toContain('long-term');
    expect(parsed.text).toContain('10,747.83');
    // German by default: texts from the locale, amounts grouped as German groups them.
    const german = await pdfText((await get(money.server, '/api/documents/capital-gains?fy=2026-27&format=pdf', user.token)).body);
    expect(german.text).toContain('Aufstellung der Veräußerungsgewinne GJ 2026-27');
    expect(german.text).toContain('langfristig');
    expect(german.text).toContain('10.747,83');

    // The previous year holds only the RELIANCE sale; an empty year is a heading and zero totals.
    const earlier = (await get(money.server, '/api/documents/capital-gains?fy=2025-26', user.token)).body.toString('utf8');
    expect(earlier.split('\r\n').filter((l) => l.startsWith('RELIANCE,'))).toHaveLength(1);
    expect((await get(money.server, '/api/documents/capital-gains?fy=2024-25', user.token)).body.toString('utf8')).toContain('Total,,,0.00,,0.00,,,0.00');
  });

  it('refuses malformed financial years and formats with their own codes', async () => {
    const user = await trader(money.server, money.operator, 0);
    for (const fy of ['2026-28', '2026', 'abcd-ef', '']) {
      expect((await get(money.server, `/api/documents/capital-gains?fy=${fy}`, user.token)).json().code).toBe(1481);
    }
    expect((await get(money.server, '/api/documents/capital-gains?fy=2026-27&format=xlsx', user.token)).json().code).toBe(1482);
    expectCall(await money.server.call('documents/capitalGainsLink', { fy: '2026-28', format: 'csv' }, { token: user.token }), 400, 1481);
    expectCall(await money.server.call('documents/capitalGainsLink', { fy: '2026-27', format: 'csv' }), 401, 501);
  });
});
