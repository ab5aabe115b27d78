/**
 * Sessions: opaque random bearer tokens stored as SHA-256 hashes, with an idle timeout and an
 * absolute lifetime (configuration). Logout revokes; a password change revokes the others.
 *
 * Every authenticated request resolves its token, so resolved sessions are kept in memory
 * (by token hash, per database) for {@link SESSION_CACHE_MS}: a kept session answers without a
 * query as long as the database would answer the same without writing — not revoked, within
 * its absolute lifetime and idle timeout (checked against the injected clock on every use), and
 * its `last_seen_at` touched less than a minute ago (else the query runs and touches it). Every
 * revocation forgets this process's kept sessions at once and announces the `sessions` topic
 * (`Deps.announce`), on which every other process forgets its own; an announcement that does not
 * arrive (Redis down) still ends the revoked session there within {@link SESSION_CACHE_MS}.
 */
import { runCompiled, slot } from '../db/compiled-queries.js';
import type { Db } from '../db/index.js';
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
 * How long a resolved session is kept in memory before the database is asked again (ms,
 * monotonic clock): the longest a revocation whose announcement was lost stays unseen by another
 * process.
 */
export const SESSION_CACHE_MS = 5_000;

/** Most sessions kept per database (then the map starts over). */
const SESSION_CACHE_MAX = 100_000;

/** A resolved session as kept in memory. */
interface KeptSession {
  auth: AuthUser;
  lastSeenAt: number;
  expiresAt: number;
  /** `performance.now()` when read from the database. */
  readAt: number;
}

/** Kept sessions by token hash, per database (transactions never resolve sessions). */
const kept = new WeakMap<Db, Map<string, KeptSession>>();

/**
 * Revocations seen per database: a session read before a revocation and answered after it is
 * not kept (it may be the one revoked).
 */
const revocations = new WeakMap<Db, number>();

/**
 * Forgets every session this process keeps for `db` (the next request of each asks the
 * database). Run on every revocation here and on the `sessions` topic from other processes.
 */
export function forgetSessions(db: Db): void {
  revocations.set(db, (revocations.get(db) ?? 0) + 1);
  kept.get(db)?.clear();
}

/** Forgets this process's kept sessions and tells the other processes to forget theirs. */
async function sessionsRevoked(deps: Deps): Promise<void> {
  forgetSessions(deps.db);
  await deps.announce?.('sessions');
}

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
  const hash = sha256(token);
  const now = deps.clock.now();
  let sessions = kept.get(deps.db);
  const hit = sessions?.get(hash);
  // A cache lifetime, not business time: the monotonic clock; the session's own times use the injected one.
  if (hit && performance.now() - hit.readAt < SESSION_CACHE_MS && now < hit.expiresAt && now >= hit.lastSeenAt && now - hit.lastSeenAt < Math.min(TOUCH_EVERY_MS, deps.config.session.idleMs)) {
    return hit.auth;
  }
  const generation = revocations.get(deps.db) ?? 0;
  // Every authenticated request the cache cannot answer runs this: one compiled shape.
  const { rows } = await runCompiled(deps.db, 'sessions:byTokenHash', { hash }, (db) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.id', 'sessions.user_id', 'sessions.last_seen_at', 'sessions.expires_at', 'sessions.revoked_at', 'users.role'])
      .where('sessions.token_hash', '=', slot<string>('hash')),
  );
  const row = rows[0];
  if (!row || row.revoked_at !== null) {
    sessions?.delete(hash);
    return null;
  }
  if (now >= row.expires_at || now - row.last_seen_at >= deps.config.session.idleMs) {
    sessions?.delete(hash);
    return null;
  }
  let lastSeenAt = row.last_seen_at;
  if (now - row.last_seen_at >= TOUCH_EVERY_MS) {
    await deps.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', row.id).execute();
    lastSeenAt = now;
  }
  const auth: AuthUser = { userId: row.user_id, sessionId: row.id, role: row.role };
  if ((revocations.get(deps.db) ?? 0) === generation) {
    if (!sessions) kept.set(deps.db, (sessions = new Map()));
    if (sessions.size >= SESSION_CACHE_MAX) sessions.clear();
    sessions.set(hash, { auth, lastSeenAt, expiresAt: row.expires_at, readAt: performance.now() });
  }
  return auth;
}

/** Revokes one session (logout). Idempotent. */
export async function revokeSession(deps: Deps, sessionId: string): Promise<void> {
  await deps.db
    .updateTable('sessions')
    .set({ revoked_at: deps.clock.now() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
  await sessionsRevoked(deps);
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
  await sessionsRevoked(deps);
}
