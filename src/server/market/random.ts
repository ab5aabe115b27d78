/**
 * Counter-based deterministic randomness for the simulated feed: the normal draw for a key
 * (instrument, market factor, …) at a counter (second, day) depends only on the seed, the key
 * and the counter — not on how many draws came before — so a restarted or second process
 * reproduces the same path. Uses pure-rand's xoroshiro128+ seeded from a 32-bit mix.
 */
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';

/** murmur3's 32-bit finalizer: spreads every input bit over the output. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a hash of a string, 32 bits. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A source of standard normal and uniform draws addressed by (key, counter). */
export class SeededDraws {
  private readonly seedHash: number;

  /** @param seed any integer or string; equal seeds give equal draws. */
  constructor(seed: number | string) {
    this.seedHash = hashString(String(seed));
  }

  private rng(keyHash: number, counter: number) {
    const low = counter >>> 0;
    const high = Math.floor(counter / 4_294_967_296) >>> 0;
    return xoroshiro128plus(fmix32(keyHash ^ fmix32(this.seedHash ^ fmix32(low ^ Math.imul(high, 0x9e3779b1)))) | 0);
  }

  /** Two independent standard normal draws (Box–Muller) for a key hash and counter. */
  normals(keyHash: number, counter: number): [number, number] {
    const rng = this.rng(keyHash, counter);
    const u1 = 1 - uniformFloat64(rng); // (0, 1]
    const u2 = uniformFloat64(rng);
    const r = Math.sqrt(-2 * Math.log(u1));
    return [r * Math.cos(2 * Math.PI * u2), r * Math.sin(2 * Math.PI * u2)];
  }

  /** One standard normal draw. */
  normal(keyHash: number, counter: number): number {
    return this.normals(keyHash, counter)[0];
  }

  /** Uniform draws in [0, 1). */
  uniforms(keyHash: number, counter: number, n: number): number[] {
    const rng = this.rng(keyHash ^ 0x5bd1e995, counter);
    return Array.from({ length: n }, () => uniformFloat64(rng));
  }
}
