/**
 * `status = 'open'` for the partial indexes of migration 0016: the contract and hold
 * indexes keep open rows only. PostgreSQL can use them only when the SQL names the status as a
 * literal: a named prepared statement ends up with a generic plan, which cannot prove that a
 * bound parameter equals 'open' (SQLite looks at the bound value and re-plans when it changes,
 * so there the literal only saves that). Use as `.where('status', '=', OPEN_STATUS)`.
 */
import { sql } from 'kysely';

/** The literal `'open'`, inlined into the SQL instead of bound. */
export const OPEN_STATUS = sql.lit('open' as const);
