/**
 * IPO rules shared by the server and anyone who wants to check an allotment:
 * the status at an instant and the SEBI ICDR retail allotment with its verifiable
 * lottery. Pure functions, no I/O: `ipo/details` publishes the seed (after allotment) and the
 * book (every application's id and lots), and {@link allot} run on them gives the same result.
 */
import { createHash } from 'node:crypto';

/** Investor-facing status of an issue (the labels of docs/product.md, Statuses). */
export type IpoStatus = 'upcoming' | 'open' | 'pendingAllocation' | 'pendingListing' | 'listed' | 'ended';
export const IPO_STATUSES: readonly IpoStatus[] = ['upcoming', 'open', 'pendingAllocation', 'pendingListing', 'listed', 'ended'];

/** What the status depends on; times epoch ms. */
export interface IpoTimes {
  opensAt: number;
  closesAt: number;
  /** When the allotment ran (null: not yet). */
  allottedAt: number | null;
  /** When the shares listed (null: not yet). */
  listedAt: number | null;
  /** When the operator cancelled it (null: not cancelled). */
  cancelledAt: number | null;
}

/**
 * The status at `now`: cancelled → `ended`; listed → `listed`; allotted → `pendingListing`;
 * closed → `pendingAllocation`; opened → `open`; else `upcoming`.
 */
export function ipoStatus(ipo: IpoTimes, now: number): IpoStatus {
  if (ipo.cancelledAt !== null) return 'ended';
  if (ipo.listedAt !== null) return 'listed';
  if (ipo.allottedAt !== null) return 'pendingListing';
  if (now >= ipo.closesAt) return 'pendingAllocation';
  if (now >= ipo.opensAt) return 'open';
  return 'upcoming';
}

/** One application in the book: its id (the draw's order) and the lots applied for. */
export interface BookEntry {
  id: string;
  lots: number;
}

/** The allotment of one application, in lots. */
export interface Allotment {
  id: string;
  lots: number;
  allottedLots: number;
}

/**
 * The lottery's random stream from the revealed seed (64 hex digits, all 256 bits used):
 * SHA-256 in counter mode — block `i` is SHA-256(seed bytes ‖ i as 4 bytes big-endian), read as
 * eight 32-bit big-endian words, blocks 0, 1, 2, … in turn.
 * @throws Error when the seed is not 64 hexadecimal digits.
 */
export class LotteryStream {
  private readonly seed: Buffer;
  private block = Buffer.alloc(0);
  private counter = 0;
  private offset = 32;

  constructor(seedHex: string) {
    if (!/^[0-9a-f]{64}$/i.test(seedHex)) throw new Error('the lottery seed must be 64 hexadecimal digits');
    this.seed = Buffer.from(seedHex, 'hex');
  }

  /** The next 32-bit word of the stream (0 … 2^32 − 1). */
  nextWord(): number {
    if (this.offset >= 32) {
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(this.counter++);
      this.block = createHash('sha256').update(this.seed).update(counter).digest();
      this.offset = 0;
    }
    const word = this.block.readUInt32BE(this.offset);
    this.offset += 4;
    return word;
  }

  /**
   * A uniform integer in `[0, max]` (max < 2^32) by rejection: words at or above the largest
   * multiple of `max + 1` below 2^32 are skipped, the rest taken modulo `max + 1`.
   */
  uniform(max: number): number {
    const range = max + 1;
    const limit = Math.floor(2 ** 32 / range) * range;
    for (;;) {
      const word = this.nextWord();
      if (word < limit) return word % range;
    }
  }
}

/** Fisher–Yates shuffle of a copy: for i from the last index down to 1, swap i with `uniform(i)`. */
function shuffled<T>(items: readonly T[], rng: LotteryStream): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.uniform(i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * SEBI ICDR retail allotment.
 * - Not oversubscribed (lots applied ≤ lots offered): everyone gets what they applied for.
 * - Oversubscribed: as many applicants as possible get the minimum application (`minLots`
 *   lots) — drawn by lottery when the offer cannot give every applicant the minimum — then the
 *   remaining lots go to the winners' unfilled demand in proportion (rounded down) and the
 *   leftover lots one each by lottery among those still unfilled.
 * The draw: applications sorted by id, shuffled with the {@link LotteryStream} of `seedHex`; the
 * first shuffle picks the minimum-lot winners, a second shuffle (same stream, continued)
 * picks the leftover lots' receivers among the still-unfilled winners, in id order.
 * @param totalLots lots offered (total shares ÷ lot size).
 * @returns one row per application, in id order.
 */
export function allot(book: readonly BookEntry[], totalLots: number, minLots: number, seedHex: string): Allotment[] {
  const ordered = [...book].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const demand = ordered.reduce((sum, a) => sum + a.lots, 0);
  if (demand <= totalLots) return ordered.map((a) => ({ id: a.id, lots: a.lots, allottedLots: a.lots }));

  const rng = new LotteryStream(seedHex);
  const given = new Map<string, number>(ordered.map((a) => [a.id, 0]));
  const minimums = Math.floor(totalLots / minLots);
  const winners = minimums >= ordered.length ? ordered : shuffled(ordered, rng).slice(0, minimums).sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const w of winners) given.set(w.id, minLots);
  let remaining = totalLots - winners.length * minLots;

  const unfilled = winners.filter((w) => w.lots > minLots);
  const unfilledTotal = unfilled.reduce((sum, w) => sum + (w.lots - minLots), 0);
  if (unfilledTotal <= remaining) {
    for (const w of unfilled) given.set(w.id, w.lots);
  } else if (remaining > 0) {
    // Proportional share of the remaining lots, rounded down (BigInt: no overflow).
    for (const w of unfilled) {
      const share = Number((BigInt(remaining) * BigInt(w.lots - minLots)) / BigInt(unfilledTotal));
      given.set(w.id, minLots + share);
    }
    remaining = totalLots - [...given.values()].reduce((sum, n) => sum + n, 0);
    const still = unfilled.filter((w) => given.get(w.id)! < w.lots);
    for (const w of shuffled(still, rng).slice(0, remaining)) given.set(w.id, given.get(w.id)! + 1);
  }
  return ordered.map((a) => ({ id: a.id, lots: a.lots, allottedLots: given.get(a.id)! }));
}

/** Investor category of a bid (docs/product.md, Offerings): retail up to the configured amount, otherwise HNI. */
export type IpoCategory = 'retail' | 'hni';

/** One bid in the book: lots at a price per share (minor units, INR) or at cut-off. */
export interface Bid {
  id: string;
  lots: number;
  category: IpoCategory;
  /** Bid price per share, minor units; a cut-off bid carries the band's upper end. */
  bidPriceMinor: number;
  cutOff: boolean;
}

/** The allotment of one bid. */
export interface BidAllotment {
  id: string;
  lots: number;
  allottedLots: number;
  /** False for a bid below the discovered price: not allotted, its amount unblocked. */
  eligible: boolean;
}

/** What the allotment of a book-built issue needs besides the bids. */
export interface BidAllotmentTerms {
  /** Lots offered (total shares ÷ lot size). */
  totalLots: number;
  /** The minimum application in lots (the retail lottery's unit). */
  minLots: number;
  /** Lower and upper end of the price band per share, minor units (equal for a fixed price). */
  priceMinMinor: number;
  priceMaxMinor: number;
  /** Percent of the offer reserved for retail bids. */
  retailPercent: number;
  /** The committed lottery seed (64 hex digits). */
  seedHex: string;
}

/**
 * The discovered price: the highest price within the band at which the lots demanded (bids at
 * or above it, cut-off bids at any price) cover the lots offered; when no price does, the
 * band's lower end. Prices minor units.
 */
export function discoverPrice(bids: readonly Bid[], totalLots: number, priceMinMinor: number, priceMaxMinor: number): number {
  const demandAt = (price: number) => bids.reduce((sum, b) => sum + (b.cutOff || b.bidPriceMinor >= price ? b.lots : 0), 0);
  const candidates = [...new Set([priceMaxMinor, ...bids.map((b) => b.bidPriceMinor)])]
    .filter((p) => p >= priceMinMinor && p <= priceMaxMinor)
    .sort((a, b) => b - a);
  for (const price of candidates) if (demandAt(price) >= totalLots) return price;
  return priceMinMinor;
}

/**
 * HNI allotment, proportionate: each bid gets floor(portion × its lots ÷ the lots bid), the
 * lots left over go one each by lottery (Fisher–Yates over the still-unfilled bids in id order)
 * to distinct bids. Everyone gets their lots when the portion covers them.
 */
function proportionate(book: readonly BookEntry[], portion: number, rng: LotteryStream): Map<string, number> {
  const given = new Map<string, number>();
  const demand = book.reduce((sum, b) => sum + b.lots, 0);
  if (demand <= portion) {
    for (const b of book) given.set(b.id, b.lots);
    return given;
  }
  for (const b of book) given.set(b.id, Number((BigInt(portion) * BigInt(b.lots)) / BigInt(demand)));
  const left = portion - [...given.values()].reduce((sum, n) => sum + n, 0);
  const still = book.filter((b) => given.get(b.id)! < b.lots);
  for (const b of shuffled(still, rng).slice(0, left)) given.set(b.id, given.get(b.id)! + 1);
  return given;
}

/** The HNI draw's stream: SHA-256 of the seed's text followed by `:hni`, so it never repeats the retail draw. */
function hniStream(seedHex: string): LotteryStream {
  return new LotteryStream(createHash('sha256').update(`${seedHex}:hni`).digest('hex'));
}

/**
 * Allots a book of bids (docs/product.md, Offerings):
 * 1. the discovered price ({@link discoverPrice}); bids below it get nothing;
 * 2. the offer is split: `retailPercent` of the lots (rounded down) for retail bids, the rest
 *    for HNI bids; a category whose eligible demand is below its portion passes the unused lots
 *    to the other;
 * 3. retail: the SEBI retail rule with the lottery ({@link allot}, minimum application `minLots`);
 *    HNI: proportionate, leftover lots by a lottery on the seed's HNI stream.
 * @returns the price and one row per bid, in id order.
 */
export function allotBids(bids: readonly Bid[], terms: BidAllotmentTerms): { priceMinor: number; rows: BidAllotment[] } {
  const priceMinor = discoverPrice(bids, terms.totalLots, terms.priceMinMinor, terms.priceMaxMinor);
  const eligible = (b: Bid) => b.cutOff || b.bidPriceMinor >= priceMinor;
  const retail = bids.filter((b) => eligible(b) && b.category === 'retail').map(({ id, lots }) => ({ id, lots }));
  const hni = bids.filter((b) => eligible(b) && b.category === 'hni').map(({ id, lots }) => ({ id, lots })).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const retailDemand = retail.reduce((sum, b) => sum + b.lots, 0);
  const hniDemand = hni.reduce((sum, b) => sum + b.lots, 0);
  let retailLots = Math.floor((terms.totalLots * terms.retailPercent) / 100);
  let hniLots = terms.totalLots - retailLots;
  if (hniDemand < hniLots) {
    retailLots += hniLots - hniDemand;
    hniLots = hniDemand;
  } else if (retailDemand < retailLots) {
    hniLots += retailLots - retailDemand;
    retailLots = retailDemand;
  }
  const given = new Map<string, number>();
  for (const r of retail.length ? allot(retail, retailLots, terms.minLots, terms.seedHex) : []) given.set(r.id, r.allottedLots);
  for (const [id, lots] of proportionate(hni, hniLots, hniStream(terms.seedHex))) given.set(id, lots);
  const rows = [...bids]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((b) => ({ id: b.id, lots: b.lots, allottedLots: given.get(b.id) ?? 0, eligible: eligible(b) }));
  return { priceMinor, rows };
}
