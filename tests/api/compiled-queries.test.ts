/**
 * Compiled query shapes (`src/server/db/compiled-queries.ts`): a shape is built and
 * compiled once per dialect, later runs only fill its slots; constants of the shape stay
 * constants; a missing slot value or a slot inlined into the SQL is refused. On SQLite a shape
 * runs on the connection directly only while nobody holds it (`sqlite-direct.ts`): a query from
 * outside an open transaction waits for it and never reads its uncommitted rows. Runs on the
 * suite's database (a real SQLite file, or PostgreSQL with TEST_DB=pg).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRowCompiled, runCompiled, slot } from '../../src/server/db/compiled-queries.js';
import type { Db } from '../../src/server/db/index.js';
import { directHandle } from '../../src/server/db/sqlite-direct.js';
import { openTestDatabase, testDb } from '../support/server.js';

describe('runCompiled', () => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => ({ db, close } = await openTestDatabase('nivesh-compiled-')));
  afterAll(async () => close());

  const insertTick = (values: { symbol: string; at: number; price: number }, builds: { count: number }) =>
    runCompiled(db, 'test:price_ticks:insert', values, (d) => {
      builds.count++;
      return d
        .insertInto('price_ticks')
        .values({ symbol: slot<string>('symbol'), at: slot<number>('at'), price_minor: slot<number>('price') })
        .onConflict((oc) => oc.columns(['symbol', 'at']).doNothing());
    });

  it('builds a shape once and runs it with each call’s values', async () => {
    const builds = { count: 0 };
    await insertTick({ symbol: 'CQ1', at: 1000, price: 150 }, builds);
    await insertTick({ symbol: 'CQ1', at: 2000, price: 250 }, builds);
    await insertTick({ symbol: 'CQ1', at: 1000, price: 999 }, builds); // the conflict keeps the first
    expect(builds.count).toBe(1);
    const rows = await db.selectFrom('price_ticks').select(['at', 'price_minor']).where('symbol', '=', 'CQ1').orderBy('at').execute();
    expect(rows.map((r) => [Number(r.at), Number(r.price_minor)])).toEqual([
      [1000, 150],
      [2000, 250],
    ]);
  });

  it('keeps the shape’s constants and returns rows', async () => {
    const run = (symbol: string) =>
      runCompiled(db, 'test:price_ticks:after', { symbol }, (d) =>
        d.selectFrom('price_ticks').select(['at']).where('symbol', '=', slot<string>('symbol')).where('at', '>', 1500).orderBy('at'),
      );
    expect((await run('CQ1')).rows.map((r) => Number(r.at))).toEqual([2000]);
    expect((await run('NONE')).rows).toEqual([]);
  });

  it('works inside a transaction on the same compiled shape', async () => {
    const builds = { count: 0 };
    await db.transaction().execute(async (trx) => {
      await runCompiled(trx, 'test:price_ticks:insert', { symbol: 'CQ2', at: 1, price: 7 }, () => {
        builds.count++;
        throw new Error('not rebuilt');
      });
    });
    expect(builds.count).toBe(0);
    expect(await db.selectFrom('price_ticks').select('price_minor').where('symbol', '=', 'CQ2').executeTakeFirst()).toMatchObject({ price_minor: 7 });
  });

  it('inserts a row through a shape keyed by its table and columns', async () => {
    await insertRowCompiled(db, 'price_ticks', { symbol: 'CQ4', at: 1, price_minor: 10 });
    await insertRowCompiled(db, 'price_ticks', { symbol: 'CQ4', at: 2, price_minor: 20 });
    const rows = await db.selectFrom('price_ticks').select(['at', 'price_minor']).where('symbol', '=', 'CQ4').orderBy('at').execute();
    expect(rows.map((r) => [Number(r.at), Number(r.price_minor)])).toEqual([
      [1, 10],
      [2, 20],
    ]);
    await expect(insertRowCompiled(db, 'price_ticks', { symbol: 'CQ4', at: 3, price_minor: undefined as never })).rejects.toThrow(/no value for slot price_minor/);
  });

  it('refuses a call without a value for a slot, and a slot inlined into the SQL', async () => {
    await expect(insertTick({ symbol: 'CQ3', at: 1 } as never, { count: 0 })).rejects.toThrow(/no value for slot price/);
    await expect(
      runCompiled(db, 'test:inlined', { symbol: 'x' }, (d) => d.selectFrom('price_ticks').select('at').where(sql`symbol = ${sql.lit(slot<string>('symbol'))}`.$castTo<boolean>())),
    ).rejects.toThrow(/inlined/);
  });
  it('a shape run from outside an open transaction waits for it and never reads its uncommitted rows', async () => {
    const sqlite = testDb() !== 'pg';
    const count = async () =>
      Number(
        (
          await runCompiled(db, 'test:price_ticks:count', { symbol: 'CQ5' }, (d) =>
            d.selectFrom('price_ticks').select((eb) => eb.fn.countAll<number>().as('n')).where('symbol', '=', slot<string>('symbol')),
          )
        ).rows[0]!.n,
      );
    expect(directHandle(db) !== undefined).toBe(sqlite); // nobody holds the connection
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const didInsert = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('price_ticks').values({ symbol: 'CQ5', at: 1, price_minor: 1 }).execute();
      inserted();
      await gate;
    });
    await didInsert;
    expect(directHandle(db)).toBeUndefined(); // held by the transaction
    let early: number | null = null;
    const read = count().then((n) => (early = n));
    try {
      if (sqlite) {
        // The read waits for the connection: it would see the uncommitted row if it ran now.
        for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
        expect(early).toBeNull();
      } else {
        // Another connection answers at once, with committed rows only.
        expect(await read).toBe(0);
      }
    } finally {
      release();
      await transaction;
    }
    await read;
    expect(await count()).toBe(1);
    if (sqlite) expect(early).toBe(1);
    expect(directHandle(db) !== undefined).toBe(sqlite);
  });
});
