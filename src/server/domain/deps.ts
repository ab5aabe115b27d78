import type { Db } from '../db/index.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Mailer } from '../mail/mailer.js';
import type { Messages } from '../i18n.js';

/** What every domain operation may use; built once per server. */
export interface Deps {
  db: Db;
  clock: Clock;
  config: Config;
  mailer: Mailer;
  messages: Messages;
}
