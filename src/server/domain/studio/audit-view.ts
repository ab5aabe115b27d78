/**
 * The studio's audit view (`studio/audit/list`): what editors did to screens and texts, newest
 * first, read from the append-only audit log — who, when, what (submitting, approving,
 * rejecting, going live, rollbacks, made and unpublished screens, drafts saved and discarded,
 * refused stale changes), the change's note or the rejection's reason, and the change it
 * belongs to, whose diff `studio/changes/get` answers. The studio's reads (lists, checks,
 * previews, searches) are in the log too but not in this view.
 */
import { studioDb } from '../../db/studio-tables.js';
import { pageOf, type Page, type PageQuery } from '../../../shared/page.js';
import { requireScreen, type StudioContext } from './screens.js';

/** The audit actions this view shows. */
export const AUDIT_VIEW_ACTIONS = [
  'studio.change.submit',
  'studio.messages.save',
  'studio.rollback',
  'studio.change.approve',
  'studio.change.reject',
  'studio.publish',
  'studio.messages.publish',
  'studio.unpublish',
  'studio.create',
  'studio.saveDraft',
  'studio.discardDraft',
  'studio.conflict',
  'studio.publishRefused',
] as const;

/** One row of the audit view. */
export interface StudioAuditEntry {
  id: string;
  /** Epoch ms. */
  at: number;
  /** Email of the editor who did it (null when the account is gone). */
  who: string | null;
  /** One of {@link AUDIT_VIEW_ACTIONS}. */
  action: string;
  /** The screen it concerns; null for a texts-only change. */
  screenId: string | null;
  /** The change request it belongs to (its diff: `studio/changes/get`); null for drafts and made screens. */
  changeId: string | null;
  /** The change's note, or the reason of a rejection; '' when none. */
  note: string;
  /** The screen version it became (going live). */
  version: number | null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * `studio/audit/list {screenId?, page?, pageSize?}`: one page of the audit view, newest first,
 * optionally of one screen.
 * @throws AppError `studioScreenUnknown` (1800) for a screen that does not exist.
 */
export async function listStudioAudit(ctx: StudioContext, query: PageQuery & { screenId?: string }): Promise<Page<StudioAuditEntry>> {
  if (query.screenId !== undefined) requireScreen(ctx.store, query.screenId);
  const { page, pageSize, offset } = pageOf(query);
  const db = studioDb(ctx.deps.db);
  const base = () => {
    let q = db
      .selectFrom('audit_log as a')
      .leftJoin('studio_changes as c', (join) => join.on('a.entity', '=', 'change').onRef('c.id', '=', 'a.entity_id'))
      .where('a.action', 'in', [...AUDIT_VIEW_ACTIONS]);
    if (query.screenId !== undefined) {
      const screenId = query.screenId;
      // Screen rows name the screen; change rows through their change; a refused stale change
      // of a screen names the screen it was for.
      q = q.where((eb) =>
        eb.or([
          eb.and([eb.or([eb('a.entity', '=', 'screen'), eb('a.action', '=', 'studio.conflict')]), eb('a.entity_id', '=', screenId)]),
          eb('c.screen_id', '=', screenId),
        ]),
      );
    }
    return q;
  };
  const total = await base().select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const rows = await base()
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .select(['a.id', 'a.created_at', 'a.action', 'a.entity', 'a.entity_id', 'a.after_json', 'u.email', 'c.id as change_id', 'c.screen_id', 'c.note', 'c.published_version'])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(pageSize)
    .offset(offset)
    .execute();
  const items = rows.map((row): StudioAuditEntry => {
    const after = (row.after_json ? JSON.parse(row.after_json) : {}) as Record<string, unknown>;
    const onScreen = row.entity === 'screen' || (row.action === 'studio.conflict' && !row.change_id && row.entity_id !== 'texts');
    const version = typeof after.version === 'number' ? after.version : null;
    return {
      id: row.id,
      at: Number(row.created_at),
      who: row.email ?? null,
      action: row.action,
      screenId: onScreen ? row.entity_id : (row.screen_id ?? (typeof after.screenId === 'string' ? after.screenId : null)),
      changeId: row.change_id ?? (typeof after.changeId === 'string' ? after.changeId : null),
      note: row.action === 'studio.change.reject' ? text(after.reason) : (row.note ?? text(after.note)),
      version: version ?? (row.action === 'studio.publish' && row.published_version !== null ? Number(row.published_version) : null),
    };
  });
  return { items, total: Number(total?.n ?? 0), page, pageSize };
}
