/**
 * Recognizes unique-constraint violations on both engines, so domain code can turn a lost race
 * (two requests inserting the same UTR or idempotency key) into a business answer.
 */

/**
 * When `error` is a unique violation, a text naming what collided — the constraint or index
 * name on PostgreSQL (`deposits_utr_unique`), `table.column` on SQLite (`deposits.utr`);
 * otherwise null.
 */
export function uniqueViolation(error: unknown): string | null {
  if (!error || typeof error !== 'object') return null;
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown; table?: unknown };
  if (e.code === '23505') return `${String(e.table ?? '')}:${String(e.constraint ?? '')}`;
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return String(e.message ?? '').replace(/^UNIQUE constraint failed:\s*/, '');
  }
  return null;
}
