/**
 * The append-only audit log of operator actions (docs/product.md, Roles and
 * four eyes). Rows are only ever inserted.
 */
import type { Db } from '../db/index.js';
import { newId } from './ids.js';

/** One operator action: who did what to which entity, with the state before and after. */
export interface AuditEntry {
  actorUserId: string;
  /** Dotted verb, e.g. `identity.approve`, `identity.reveal`. */
  action: string;
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
  /** Epoch milliseconds. */
  at: number;
}

/**
 * Appends an audit row. Call it inside the same transaction as the change it records, so the
 * change and its record commit together.
 */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: newId(),
      actor_user_id: entry.actorUserId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
      created_at: entry.at,
    })
    .execute();
}
