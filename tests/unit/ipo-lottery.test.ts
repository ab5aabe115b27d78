/**
 * The IPO lottery's random stream: SHA-256 in counter mode over the whole 256-bit committed
 * seed (every bit of the seed changes the draw), words read big-endian block by block, and an
 * unbiased uniform draw by rejection.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { allot, allotBids, discoverPrice, LotteryStream, type Bid } from '../../src/shared/ipo.js';

const seed = 'a3'.repeat(32);

describe('LotteryStream', () => {
  it('reads SHA-256(seed ‖ counter) word by word, block after block', () => {
    const stream = new LotteryStream(seed);
    const block = (i: number) => {
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(i);
      return createHash('sha256').update(Buffer.from(seed, 'hex')).update(counter).digest();
    };
    const expected = [...[0, 1, 2].flatMap((i) => Array.from({ length: 8 }, (_, w) => block(i).readUInt32BE(w * 4)))];
    expect(Array.from({ length: 24 }, () => stream.nextWord())).toEqual(expected);
  });

  it('refuses a seed that is not 64 hexadecimal digits', () => {
    expect(() => new LotteryStream('deadbeef')).toThrow(/64 hexadecimal/);
    expect(() => new LotteryStream('g'.repeat(64))).toThrow(/64 hexadecimal/);
  });

  it('draws uniformly in [0, max] (every value, none outside)', () => {
    const stream = new LotteryStream(seed);
    const counts = new Array(7).fill(0);
    for (let i = 0; i < 7_000; i++) counts[stream.uniform(6)]++;
    for (const n of counts) expect(n).toBeGreaterThan(850);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(7_000);
  });

  it('every part of the seed matters: seeds differing only in their last digit draw differently', () => {
    const book = Array.from({ length: 200 }, (_, i) => ({ id: `app${String(i).padStart(4, '0')}`, lots: 1 }));
    const winners = (s: string) => allot(book, 20, 1, s).filter((r) => r.allottedLots > 0).map((r) => r.id).join();
    const base = '0'.repeat(63);
    const draws = new Set(['0', '1', '2', '3'].map((last) => winners(base + last)));
    expect(draws.size).toBe(4);
    expect(winners(base + '1')).toBe(winners(base + '1'));
  });
});

describe('discoverPrice and allotBids', () => {
  const bid = (id: string, lots: number, price: number, extra: Partial<Bid> = {}): Bid => ({ id, lots, category: 'retail', bidPriceMinor: price, cutOff: false, ...extra });

  it('the highest price whose demand covers the offer; cut-off bids count at every price; else the lowest', () => {
    const book = [bid('a', 3, 10_000), bid('b', 3, 10_000, { cutOff: true }), bid('c', 3, 9500), bid('d', 2, 9200), bid('e', 1, 9900)];
    expect(discoverPrice(book, 10, 9000, 10_000)).toBe(9500);
    expect(discoverPrice(book, 6, 9000, 10_000)).toBe(10_000);
    expect(discoverPrice(book, 12, 9000, 10_000)).toBe(9200);
    expect(discoverPrice(book, 13, 9000, 10_000)).toBe(9000); // never covered
    expect(discoverPrice([bid('x', 5, 9000, { cutOff: true })], 5, 9000, 10_000)).toBe(10_000);
  });

  it('bids below the price get nothing; retail and HNI portions pass unused lots over; HNI in proportion', () => {
    const seed = 'ab'.repeat(32);
    const terms = { totalLots: 10, minLots: 1, priceMinMinor: 9000, priceMaxMinor: 10_000, retailPercent: 35, seedHex: seed };
    const under = allotBids([bid('a', 4, 10_000), bid('b', 2, 9100)], { ...terms, totalLots: 10 });
    expect(under.priceMinor).toBe(9000);
    expect(under.rows.map((r) => r.allottedLots)).toEqual([4, 2]);
    const mixed = allotBids([bid('r1', 1, 10_000), bid('r2', 1, 10_000), bid('r3', 1, 10_000), bid('r4', 1, 10_000), bid('h1', 10, 10_000, { category: 'hni' }), bid('h2', 4, 10_000, { category: 'hni' }), bid('low', 5, 9000, { category: 'hni' })], terms);
    expect(mixed.priceMinor).toBe(10_000);
    const got = new Map(mixed.rows.map((r) => [r.id, r]));
    expect(got.get('h1')!.allottedLots).toBe(5);
    expect(got.get('h2')!.allottedLots).toBe(2);
    expect(got.get('low')).toMatchObject({ allottedLots: 0, eligible: false });
    expect(['r1', 'r2', 'r3', 'r4'].reduce((s, id) => s + got.get(id)!.allottedLots, 0)).toBe(3);
    // The same book and seed, the same allotment.
    expect(allotBids([...mixed.rows].reverse().map((r) => bid(r.id, r.lots, r.id === 'low' ? 9000 : 10_000, { category: r.id.startsWith('r') ? 'retail' : 'hni' })), terms)).toEqual(mixed);
  });
});
