import { hash, randomBytes, randomFillSync, randomInt } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

/** Random bytes for ids, drawn 8 KiB at a time (one `randomFillSync` per 512 ids, not per id). */
const idRandom = Buffer.alloc(16 * 512);
let idRandomAt = idRandom.length;

/**
 * A new primary key: a UUID v7 (RFC 9562) — the first 48 bits are the creation time (wall
 * clock, ms), the rest random. Time-ordered keys append at the right edge of every B-tree
 * index they enter (primary keys, `postings.entry_id`, the foreign-key lookups of rows just
 * written) instead of landing on a random page each, which would make a large settlement
 * dirty and re-write most index pages. Ids are keys, never
 * secrets (tokens and codes come from {@link newToken} / {@link newCaptchaCode}).
 * The random part comes from a pooled buffer: `uuid`'s own source draws from the system per id.
 */
export function newId(): string {
  if (idRandomAt >= idRandom.length) {
    randomFillSync(idRandom);
    idRandomAt = 0;
  }
  const random = idRandom.subarray(idRandomAt, idRandomAt + 16);
  idRandomAt += 16;
  return uuidv7({ random });
}

/** An opaque bearer token: 32 random bytes, base64url (43 characters). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** SHA-256 hex digest, used to store tokens and codes without keeping them. */
export const sha256 = (text: string): string => hash('sha256', text, 'hex');

/** A 6-digit numeric code, leading zeros allowed. */
export const newCaptchaCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** A short public user identifier: `N` + 7 digits. */
export const newPublicUid = (): string => `N${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
