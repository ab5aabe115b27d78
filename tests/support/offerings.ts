/**
 * Helpers for the offerings API tests: operator-saved block offers and gather
 * plans at the live feed price, a user's holdings and balances in minor units, and the
 * shared server setup of the three offerings test files ({@link useOfferingsServer}).
 */
import { afterEach } from 'vitest';
import type { TestServer } from './server.js';
import { expectOk } from './envelope.js';
import { useMoneyServer, type MoneyServer } from './money.js';
import { assertOfferingsInvariants } from './offerings-invariants.js';
import { lastPrice } from './trading.js';

/** Currency units → minor units. */
export const minor = (units: number): number => Math.round(units * 100);

/** An offer as the list calls answer it. */
export interface Offer {
  id: string;
  symbol: string;
  price: number;
  marketPrice: number | null;
  premiumPct: number | null;
  remaining: number;
  minQuantity: number;
  opensAt: number;
  closesAt: number;
  lockDays: number;
  status: string;
}

/** Saves a block offer through `admin/blockTrading/save` (default: at the feed price, open now for a week). */
export async function saveOffer(server: TestServer, operator: string, body: Record<string, unknown> = {}): Promise<Offer> {
  const symbol = (body.symbol as string | undefined) ?? 'TCS';
  const price = body.price ?? (await lastPrice(server, symbol));
  const now = server.clock.now();
  return expectOk(
    await server.call<Offer>('admin/blockTrading/save', { symbol, price, quantity: 100, minQuantity: 1, opensAt: now - 1000, closesAt: now + 7 * 86_400_000, lockDays: 3, ...body }, { token: operator }),
  );
}

/** The user's shares of a symbol (0 without a position). */
export async function sharesOf(server: TestServer, token: string, symbol: string): Promise<number> {
  const holdings = expectOk(await server.call<{ items: Array<{ symbol: string; quantity: number }> }>('order/purchaseDetails', { type: 'holdings', pageSize: 100 }, { token }));
  return holdings.items.find((h) => h.symbol === symbol)?.quantity ?? 0;
}

/** The user's available and held balances in minor units. */
export async function balances(server: TestServer, token: string): Promise<{ available: number; held: number }> {
  const a = expectOk(await server.call<{ available: number; held: number }>('purse/getAssets', {}, { token }));
  return { available: minor(a.available), held: minor(a.held) };
}

/** What {@link useOfferingsServer} gives a test file; read inside tests and hooks. */
/** What {@link useOfferingsServer} gives a test file (the money server's handle). */
export type OfferingsServer = MoneyServer;

/**
 * The shared setup of the offerings API tests: {@link useMoneyServer} (`env` added
 * to its environment; the clock is left where a test put it) plus the offerings invariants
 * after every test.
 */
export function useOfferingsServer(env: Record<string, string> = {}): OfferingsServer {
  const money = useMoneyServer({ env, resetClock: false });
  afterEach(async () => {
    await assertOfferingsInvariants(money.server.deps.db);
  });
  return money;
}

/** A charge breakdown as the answers carry it, currency units. */
export type Breakdown = Record<'brokerage' | 'stt' | 'exchangeCharge' | 'sebiFee' | 'stampDuty' | 'gst' | 'total', number>;

/**
 * The charges of a delivery buy on an INR account at the default rates, worked out by the
 * rounding rules of docs/trading.md (Charges) independently of `charges.ts`: brokerage 0.10 %
 * truncated, STT 0.1 % and stamp duty 0.015 % to whole rupees, exchange ₹297 and SEBI ₹10 per
 * crore to the paisa, GST 18 % of brokerage + exchange + SEBI to the paisa. Paise in, paise out.
 */
export function deliveryBuyCharges(turnoverPaise: number): Record<keyof Breakdown, number> {
  const brokerage = Math.floor(turnoverPaise / 1000);
  const stt = Math.round(turnoverPaise / 100_000) * 100;
  const exchangeCharge = Math.round((turnoverPaise * 297) / 10_000_000);
  const sebiFee = Math.round((turnoverPaise * 10) / 10_000_000);
  const stampDuty = Math.round((turnoverPaise * 15) / 10_000_000) * 100;
  const gst = Math.round(((brokerage + exchangeCharge + sebiFee) * 18) / 100);
  return { brokerage, stt, exchangeCharge, sebiFee, stampDuty, gst, total: brokerage + stt + exchangeCharge + sebiFee + stampDuty + gst };
}

/** Paise as currency units, item by item. */
export const inUnits = (c: Record<keyof Breakdown, number>): Breakdown => Object.fromEntries(Object.entries(c).map(([k, v]) => [k, v / 100])) as Breakdown;
