/**
 * ID numbers at rest: AES-256-GCM with a key from configuration (`IDENTITY_KEY`, base64 of
 * 32 bytes). Demo mode generates a key into `DATA_DIR/identity.key` once; production mode
 * without a key refuses to start.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';

const VERSION = 'v1';

/**
 * The identity key for this configuration.
 * @throws Error when the configured key is not 32 bytes, or production mode has none.
 */
export function loadIdentityKey(config: Config): Buffer {
  if (config.identityKey) {
    const key = Buffer.from(config.identityKey, 'base64');
    if (key.length !== 32) throw new Error('IDENTITY_KEY must be base64 of exactly 32 bytes');
    return key;
  }
  if (config.mode === 'production') throw new Error('IDENTITY_KEY is required in production mode');
  const file = path.join(config.dataDir, 'identity.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error; // another process won
    }
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
}

/** Encrypts a short secret: `v1:<iv>:<tag>:<ciphertext>` (base64url parts). */
export function encryptSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(':');
}

/**
 * Decrypts {@link encryptSecret}'s output.
 * @throws Error when the text was tampered with or another key encrypted it.
 */
export function decryptSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, data] = sealed.split(':');
  if (version !== VERSION || !iv || !tag || !data) throw new Error('unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
