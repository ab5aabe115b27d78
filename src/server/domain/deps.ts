import type { Db } from '../db/index.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Mailer } from '../mail/mailer.js';
import type { Messages } from '../i18n.js';
import type { FileStorage } from '../storage/index.js';

/** What every domain operation may use; built once per server. */
export interface Deps {
  db: Db;
  clock: Clock;
  config: Config;
  mailer: Mailer;
  messages: Messages;
  /** Private file storage (uploads). */
  storage: FileStorage;
  /** AES-256-GCM key for ID numbers at rest (32 bytes). */
  identityKey: Buffer;
  /**
   * Tells every other process to drop what it keeps in memory for `topic` (e.g. `sessions`
   * after a revocation): the cache bus, over Redis when several processes share the database.
   * Absent in scripts and tests that build no server.
   */
  announce?: (topic: string) => Promise<void>;
  /** The server log (Fastify's pino logger); absent in scripts. Operator codes in demo mode. */
  log?: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
}
