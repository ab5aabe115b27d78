import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';

/** A new primary key (UUID v4). */
export const newId = (): string => randomUUID();

/** An opaque bearer token: 32 random bytes, base64url (43 characters). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** SHA-256 hex digest, used to store tokens and codes without keeping them. */
export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** A 6-digit numeric code, leading zeros allowed. */
export const newCaptchaCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** A short public user identifier: `N` + 7 digits. */
export const newPublicUid = (): string => `N${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
