/**
 * Named prepared statements on PostgreSQL (`src/server/db/pg-prepared.ts`): parameterized DML
 * is prepared once per connection and reused; DDL and parameterless queries stay unnamed; a
 * statement broken by a schema change fails once and then runs unnamed. PostgreSQL runs only.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementName, usePreparedStatements } from '../../src/server/db/pg-prepared.js';
import { createPgDatabase, testDb } from '../support/server.js';

describe.skipIf(testDb() !== 'pg')('named prepared statements (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof createPgDatabase>>;
  let pool: pg.Pool;
  // Kysely checks a client out and calls `query(text, values)` on it, as here.
  let client: pg.PoolClient;
  beforeAll(async () => {
    database = await createPgDatabase({ empty: true });
    pool = new pg.Pool({ connectionString: database.url, max: 1 });
    usePreparedStatements(pool, 2);
    client = await pool.connect();
    await client.query('CREATE TABLE t (id int PRIMARY KEY, name text)');
    await client.query('INSERT INTO t VALUES (1, $1)', ['one']);
  });
  afterAll(async () => {
    client.release();
    await pool.end();
    await database.drop();
  });

  const preparedNames = async () => (await client.query('SELECT name FROM pg_prepared_statements ORDER BY name')).rows.map((r: { name: string }) => r.name);

  it('prepares parameterized DML once per connection and reuses it', async () => {
    const select = 'select * from t where id = $1';
    for (let i = 0; i < 3; i++) expect((await client.query(select, [1])).rows).toEqual([{ id: 1, name: 'one' }]);
    expect(await preparedNames()).toEqual([statementName('INSERT INTO t VALUES (1, $1)'), statementName(select)].sort());
  });

  it('keeps at most the configured number of names per connection; others run unnamed', async () => {
    expect((await client.query('select name from t where id = $1 and name = $2', [1, 'one'])).rows).toEqual([{ name: 'one' }]);
    expect(await preparedNames()).toHaveLength(2);
  });

  it('a statement broken by a schema change fails once, then runs unnamed', async () => {
    const select = 'select * from t where id = $1';
    await client.query('ALTER TABLE t ADD COLUMN extra int');
    await expect(client.query(select, [1])).rejects.toMatchObject({ code: '0A000' });
    expect((await client.query(select, [1])).rows).toEqual([{ id: 1, name: 'one', extra: null }]);
  });
});
