/**
 * Reading and publishing texts per language. A saved text is
 * an override of a built-in id (`locales/*.json`) or a new id; it is published at once (every
 * process reloads through the cache bus) and audited (`studio.messages.save`).
 */
import { IntlMessageFormat } from 'intl-messageformat';
import type { Deps } from '../deps.js';
import { AppError } from '../errors.js';
import { writeAudit } from '../audit.js';
import { studioDb } from '../../db/studio-tables.js';
import { intlTag, type Locale } from '../../../shared/lang.js';
import type { Db } from '../../db/index.js';

/**
 * Checks that every text parses as an ICU message.
 * @throws AppError `studioMessageInvalid` (1804) naming the first bad id; `data.errors` lists
 *   `{pointer: "/messages/<id>", message}` for each.
 */
export function checkMessages(lang: Locale, messages: Record<string, string>): void {
  const errors: Array<{ pointer: string; message: string }> = [];
  for (const [id, text] of Object.entries(messages)) {
    try {
      new IntlMessageFormat(text, intlTag(lang));
    } catch (error) {
      errors.push({ pointer: `/messages/${id.replace(/~/g, '~0').replace(/\//g, '~1')}`, message: (error as Error).message });
    }
  }
  if (errors.length) {
    const first = errors[0]!;
    throw new AppError('studioMessageInvalid', { id: first.pointer.slice('/messages/'.length), detail: first.message }, { errors });
  }
}

/**
 * Writes texts of one language inside `trx`: a text equal to the built-in one drops the
 * override, any other text is stored (insert or update).
 */
export async function writeMessages(deps: Deps, trx: Db, userId: string, lang: Locale, messages: Record<string, string>, at: number): Promise<void> {
  const db = studioDb(trx);
  const base = deps.messages.base(lang);
  for (const [id, text] of Object.entries(messages)) {
    if (base[id] === text) {
      await db.deleteFrom('ui_messages').where('lang', '=', lang).where('message_id', '=', id).execute();
      continue;
    }
    await db
      .insertInto('ui_messages')
      .values({ lang, message_id: id, text, updated_by: userId, updated_at: at })
      .onConflict((oc) => oc.columns(['lang', 'message_id']).doUpdateSet({ text, updated_by: userId, updated_at: at }))
      .execute();
  }
}

/**
 * `studio/messages/save`: publishes texts of one language at once, audited.
 * @returns how many texts were saved.
 * @throws AppError `studioMessageInvalid` (1804) when a text is not valid ICU.
 */
export async function saveMessages(deps: Deps, userId: string, lang: Locale, messages: Record<string, string>): Promise<{ saved: number }> {
  checkMessages(lang, messages);
  const at = deps.clock.now();
  const before = Object.fromEntries(Object.keys(messages).map((id) => [id, deps.messages.catalog(lang)[id] ?? null]));
  await deps.db.transaction().execute(async (trx) => {
    await writeMessages(deps, trx, userId, lang, messages, at);
    await writeAudit(trx, { actorUserId: userId, action: 'studio.messages.save', entity: 'messages', entityId: lang, before, after: messages, at });
  });
  return { saved: Object.keys(messages).length };
}
