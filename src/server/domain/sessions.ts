/**
 * Sessions: opaque random bearer tokens stored as SHA-256 hashes, with an idle timeout and an
 * absolute lifetime (configuration). Logout revokes; a password change revokes the others.
 */
import { runCompiled, slot } from '../db/compiled-queries.js';
import type { Deps } from './deps.js';
import { newId, newToken, sha256 } from './ids.js';

/** The caller behind a valid token. */
export interface AuthUser {
  userId: string;
  sessionId: string;
  role: 'investor' | 'operator' | 'editor';
}

/** Writing `last_seen_at` on every request would turn reads into writes; once a minute is enough. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Opens a session for a user.
 * @returns the bearer token (shown once; only its hash is stored).
 */
export async function openSession(deps: Deps, userId: string): Promise<string> {
  const token = newToken();
  const now = deps.clock.now();
  await deps.db
    .insertInto('sessions')
    .values({
      id: newId(),
      user_id: userId,
      token_hash: sha256(token),
      created_at: now,
      last_seen_at: now,
      expires_at: now + deps.config.session.absoluteMs,
      revoked_at: null,
    })
    .execute();
  return token;
}

/**
 * Resolves a bearer token to its user, or null when unknown, revoked, idle too long or past
 * its absolute lifetime.
 */
export async function authenticate(deps: Deps, token: string): Promise<AuthUser | null> {
  if (!token || token.length > 128) return null;
  // Every authenticated request runs this: one compiled shape.
  const { rows } = await runCompiled(deps.db, 'sessions:byTokenHash', { hash: sha256(token) }, (db) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.id', 'sessions.user_id', 'sessions.last_seen_at', 'sessions.expires_at', 'sessions.revoked_at', 'users.role'])
      .where('sessions.token_hash', '=', slot<string>('hash')),
  );
  const row = rows[0];
  if (!row || row.revoked_at !== null) return null;
  const now = deps.clock.now();
  if (now >= row.expires_at || now - row.last_seen_at >= deps.config.session.idleMs) return null;
  if (now - row.last_seen_at >= TOUCH_EVERY_MS) {
    await deps.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', row.id).execute();
  }
  return { userId: row.user_id, sessionId: row.id, role: row.role };
}

/** Revokes one session (logout). Idempotent. */
export async function revokeSession(deps: Deps, sessionId: string): Promise<void> {
  await deps.db
    .updateTable('sessions')
    .set({ revoked_at: deps.clock.now() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Revokes every live session of a user except `keepSessionId` (if given).
 * Used when the password changes.
 */
export async function revokeUserSessions(deps: Deps, userId: string, keepSessionId?: string): Promise<void> {
  let query = deps.db
    .updateTable('sessions')
    .set({ revoked_at: deps.clock.now() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}
