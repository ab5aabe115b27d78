/**
 * `status = 'open'` for the partial indexes of migration 0016 (issue 14): the contract and hold
 * indexes keep open rows only, and a query can use them only when its SQL names the status as
 * a literal — neither SQLite nor a PostgreSQL generic plan can prove that a bound parameter
 * equals 'open'. Use as `.where('status', '=', OPEN_STATUS)`.
 */
import { sql } from 'kysely';

/** The literal `'open'`, inlined into the SQL instead of bound. */
export const OPEN_STATUS = sql.lit('open' as const);
