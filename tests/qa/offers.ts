/**
 * Open offers an operator makes through the real back-office calls: a gather plan,
 * a block-trading offer and an IPO, each open on the e2e server clock (CLOCK_START, Monday
 * 2026-11-23 11:30 India time) until 2030. The generated suite seeds its lists with them; a
 * case file asks for one with `given.offer` and opens it with `{offer}` in its route.
 * The AI baskets are not made by an operator (the fitting job makes them at start): `basket`
 * picks the first current one, the way a user reaches `/aiBlockTradingBuy`.
 */
import type { APIRequestContext } from '@playwright/test';
import { api, prepare } from './given';
import type { CaseOffer } from './types';

/** Makes (or, for `basket`, finds) one open record of a kind; resolves to its id. */
export type OfferMaker = (request: APIRequestContext, operatorToken: string, investorToken?: string) => Promise<string>;

/** A gather plan on INFY: 2 tranches a minute apart, at least 1,000 per join. */
export const gatherPlan: OfferMaker = async (request, token) =>
  (await api<{ id: string }>(request, token, 'admin/gather/save', { name: 'QA plan', symbol: 'INFY', tranches: 2, intervalSeconds: 60, minAmount: 1000, opensAt: '2026-11-23T09:00', closesAt: '2030-01-01T00:00' })).id;

/** A block offer of 500 TCS at the current price, at least 2 shares per purchase, 5 lock days. */
export const blockOffer: OfferMaker = async (request, token) => {
  const market = await api<{ last: number }>(request, undefined, 'markets/getMarket', { symbol: 'TCS' });
  return (await api<{ id: string }>(request, token, 'admin/blockTrading/save', { symbol: 'TCS', price: market.last, quantity: 500, minQuantity: 2, opensAt: '2026-11-23T00:00', closesAt: '2030-01-01T00:00', lockDays: 5 })).id;
};

/** An IPO at 100 a share, lots of 10, 1 to 5 lots per application. */
export const ipoIssue: OfferMaker = async (request, token) =>
  (await api<{ id: string }>(request, token, 'admin/ipo/save', {
    symbol: 'QAIPO', name: 'QA Solar Ltd.', price: 100, lotSize: 10, minLots: 1, maxLots: 5, totalShares: 10_000,
    opensAt: '2026-11-01T00:00:00Z', closesAt: '2030-01-01T00:00:00Z', allotmentAt: '2030-01-01T00:00:00Z', listingAt: '2030-01-01T00:00:00Z',
  })).id;

/** The first current AI basket (needs an investor's session: `aiRecommend/*` are user calls). */
export const firstBasket: OfferMaker = async (request, _operator, investorToken) => {
  const page = await api<{ items: Array<{ id: string }> }>(request, investorToken, 'aiRecommend/page', { page: 1, pageSize: 1 });
  if (!page.items[0]) throw new Error('given: no AI basket on the server (the fitting job makes them at start)');
  return page.items[0].id;
};

/** What `given.offer` makes, per kind. */
export const OFFER_MAKERS: Record<CaseOffer, OfferMaker> = { gather: gatherPlan, block: blockOffer, ipo: ipoIssue, basket: firstBasket };

const made = new Map<CaseOffer, Promise<string>>();
/**
 * The id of an open offer of that kind, made once per worker (an IPO's symbol is unique, and
 * every case only needs one open offer to act on).
 */
export function offerFor(request: APIRequestContext, kind: CaseOffer, operatorToken: string, investorToken?: string): Promise<string> {
  if (kind === 'basket') return firstBasket(request, operatorToken, investorToken);
  if (!made.has(kind)) made.set(kind, OFFER_MAKERS[kind](request, operatorToken, investorToken));
  return made.get(kind)!;
}

/** The route with `{offer}` replaced by the offer's id. */
export const withOffer = (route: string, offerId: string | undefined): string => (offerId === undefined ? route : route.replaceAll('{offer}', encodeURIComponent(offerId)));

/**
 * A screen made in the studio with a data-capture form (`/p/qasurvey`), published by the demo
 * editor, approved by editor2 and answered once by a fresh investor: what /adminForms and
 * /adminFormSubmissions list. Resolves to the form's id.
 */
export const studioForm: OfferMaker = async (request) => {
  const id = 'qasurvey';
  const editor = (await prepare(request, 'editor')).token!;
  const editor2 = (await prepare(request, 'editor2')).token!;
  await api(request, editor, 'studio/screens/create', { id, title: 'QA survey', audience: 'investor' });
  const screen = await api<{ layout: unknown; baseVersion: number }>(request, editor, 'studio/screens/get', { id });
  const schema = { type: 'object', required: ['fullName'], additionalProperties: false, properties: { fullName: { type: 'string', title: 'Full name', maxLength: 80 } } };
  const change = await api<{ changeId: string }>(request, editor, 'studio/screens/publish', { id, layout: screen.layout, schema, note: 'QA survey', baseVersion: screen.baseVersion });
  await api(request, editor2, 'studio/changes/approve', { id: change.changeId });
  const investor = (await prepare(request, 'investor')).token!;
  await api(request, investor, 'forms/submit', { formId: id, data: { fullName: 'Asha Verma' } });
  return id;
};
