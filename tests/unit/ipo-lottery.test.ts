/**
 * The IPO lottery's random stream: SHA-256 in counter mode over the whole 256-bit committed
 * seed (every bit of the seed changes the draw), words read big-endian block by block, and an
 * unbiased uniform draw by rejection.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { allot, LotteryStream } from '../../src/shared/ipo.js';

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
