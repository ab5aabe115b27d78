/**
 * Partial indexes of open rows (migration 0016): the settler's due scan
 * and an investor's open contracts are planned through `contracts_open_expires` and
 * `contracts_user_open`; an investor's settled contracts (migration 0026) through
 * `contracts_user_settled`, which holds no open row; and a user's postings of some entries (the
 * bill flow) through `postings_user_entry`. On PostgreSQL they can be only because the queries name
 * the status as a literal (`OPEN_STATUS`): a generic plan (what a named prepared statement
 * ends up with) cannot prove that a bound parameter equals 'open' — these tests fail there when
 * the status is bound. Runs on the suite's database (SQLite file, or TEST_DB=pg).
 */
import { CompiledQuery, type Compilable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/index.js';
import { dueContractsQuery } from '../../src/server/domain/trading/settle.js';
import { openContractsOf, settledContractsOf } from '../../src/server/domain/trading/views.js';
import { openTestDatabase, testDb } from '../support/server.js';

/** A value written into SQL (test inputs only: numbers and plain strings). */
const literal = (value: unknown): string => (typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`);

describe('open-row partial indexes', () => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => ({ db, close } = await openTestDatabase('nivesh-open-indexes-')));
  afterAll(async () => close());

  /** The plan of `query` as the database would run it from a prepared statement, as text. */
  async function planOf(query: Compilable<unknown>): Promise<string> {
    const { sql, parameters } = query.compile();
    if (testDb() !== 'pg') {
      const { rows } = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${sql}`, [...parameters]));
      return rows.map((row) => row.detail).join('\n');
    }
    // A generic plan (parameters unknown), and no sequential scan of the empty table.
    return db.connection().execute(async (connection) => {
      const run = (text: string) => connection.executeQuery<Record<string, string>>(CompiledQuery.raw(text));
      await run('SET plan_cache_mode = force_generic_plan');
      await run('SET enable_seqscan = off');
      try {
        await run(`PREPARE open_index_probe AS ${sql}`);
        const { rows } = await run(`EXPLAIN EXECUTE open_index_probe(${parameters.map(literal).join(', ')})`);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      } finally {
        await run('DEALLOCATE ALL');
        await run('RESET plan_cache_mode');
        await run('RESET enable_seqscan');
      }
    });
  }

  it('the due scan of the settler reads contracts_open_expires', async () => {
    expect(await planOf(dueContractsQuery(db, 1_800_000_000_000, 5000))).toContain('contracts_open_expires');
  });

  it('an investor’s open contracts and their count read contracts_user_open', async () => {
    expect(await planOf(openContractsOf(db, 'user-1').selectAll().orderBy('expires_at').limit(20))).toContain('contracts_user_open');
    expect(await planOf(openContractsOf(db, 'user-1').select((eb) => eb.fn.countAll().as('n')))).toContain('contracts_user_open');
  });

  it('an investor’s settled contracts, their count and profit read contracts_user_settled', async () => {
    expect(await planOf(settledContractsOf(db, 'user-1').selectAll().orderBy('settled_at', 'desc').orderBy('id', 'desc').limit(20))).toContain('contracts_user_settled');
    expect(await planOf(settledContractsOf(db, 'user-1').select((eb) => eb.fn.countAll().as('n')))).toContain('contracts_user_settled');
  });

  it('a user’s postings of a page of entries read postings_user_entry', async () => {
    expect(await planOf(db.selectFrom('postings').select(['entry_id', 'amount_minor']).where('user_id', '=', 'user-1').where('entry_id', 'in', ['e-1', 'e-2']))).toContain('postings_user_entry');
  });
});
