/**
 * Editors' drafts: each editor keeps their own draft of a screen (`studio_drafts`), saved with
 * the version it starts from. A draft of a stale base is refused with `studioConflict` (1811)
 * naming who published since, so nobody keeps working on top of an old screen unknowingly;
 * a draft can be discarded.
 */
import { writeAudit } from '../audit.js';
import { studioDb } from '../../db/studio-tables.js';
import type { SchemaNode } from '../../../shared/validation.js';
import { findConflicts } from './changes.js';
import { AppError } from '../errors.js';
import { requireScreen, validateCandidate, type StudioContext, type StudioProblem } from './screens.js';

/**
 * `studio/screens/saveDraft`: keeps this editor's work (even when it has problems) and answers
 * its problems.
 * @param baseVersion the screen version the editor started from.
 * @throws AppError `studioConflict` (1811) when a newer version was published since; 1800, 1803.
 */
export async function saveDraft(ctx: StudioContext, userId: string, id: string, layout: Record<string, unknown>, schema: SchemaNode | undefined, baseVersion: number): Promise<{ errors: StudioProblem[] }> {
  const errors = validateCandidate(ctx, id, layout, schema);
  const at = ctx.deps.clock.now();
  const since = await findConflicts(ctx.deps.db, { kind: 'screen', screenId: id, baseVersion, textsBaseVersion: null, texts: {} }, undefined, false);
  if (since.length) {
    const first = since[0]!;
    await writeAudit(ctx.deps.db, { actorUserId: userId, action: 'studio.conflict', entity: 'screen', entityId: id, after: { since }, at });
    throw new AppError('studioConflict', { who: first.author ?? '?', what: id, base: baseVersion, state: first.status }, { since });
  }
  const values = { layout_json: JSON.stringify(layout), schema_json: schema === undefined ? null : JSON.stringify(schema), base_version: baseVersion, saved_at: at };
  await ctx.deps.db.transaction().execute(async (trx) => {
    await studioDb(trx)
      .insertInto('studio_drafts')
      .values({ screen_id: id, editor_user_id: userId, ...values })
      .onConflict((oc) => oc.columns(['screen_id', 'editor_user_id']).doUpdateSet(values))
      .execute();
    await writeAudit(trx, { actorUserId: userId, action: 'studio.saveDraft', entity: 'screen', entityId: id, after: { errors: errors.length, baseVersion }, at });
  });
  return { errors };
}

/**
 * `studio/screens/discardDraft {id}`: drops this editor's draft of a screen (others' drafts stay).
 * @returns whether there was a draft.
 * @throws AppError `studioScreenUnknown` (1800).
 */
export async function discardDraft(ctx: StudioContext, userId: string, id: string): Promise<{ discarded: boolean }> {
  requireScreen(ctx.store, id);
  const at = ctx.deps.clock.now();
  const discarded = await ctx.deps.db.transaction().execute(async (trx) => {
    const result = await studioDb(trx).deleteFrom('studio_drafts').where('screen_id', '=', id).where('editor_user_id', '=', userId).executeTakeFirst();
    const count = Number(result.numDeletedRows ?? 0);
    await writeAudit(trx, { actorUserId: userId, action: 'studio.discardDraft', entity: 'screen', entityId: id, after: { discarded: count > 0 }, at });
    return count > 0;
  });
  return { discarded };
}
