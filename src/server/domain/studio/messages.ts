/**
 * Writing published texts per language (`ui_messages`): a saved text is an override of a
 * built-in id (`locales/*.json`) or a new id. Texts reach this only as part of an approved
 * change request (`changes.ts`), after the checks of `texts.ts`.
 */
import type { Deps } from '../deps.js';
import { studioDb } from '../../db/studio-tables.js';
import type { Locale } from '../../../shared/lang.js';
import type { Db } from '../../db/index.js';

/**
 * Writes texts of one language inside `trx`: a text equal to the built-in one drops the
 * override, any other text is stored (insert or update).
 * @param at epoch milliseconds.
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
