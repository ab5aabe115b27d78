/**
 * The deployment settings whose defaults depend on the mode or the machine: the PostgreSQL pool
 * (`PG_POOL_MAX`, else the database layer's default of twice the cores, at least 4) and how long
 * screen files are trusted (`SCREEN_RECHECK_MS`: 30 s in production, 0 in demo mode).
 */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { defaultPoolMax } from '../../src/server/db/index';

describe('deployment defaults', () => {
  it('takes PG_POOL_MAX when it is a whole number of at least 1, else leaves the pool to the database layer', () => {
    expect(loadConfig({ PG_POOL_MAX: '6' }).pgPoolMax).toBe(6);
    for (const value of [undefined, '', '0', '-2', '2.5', 'many']) expect(loadConfig({ PG_POOL_MAX: value }).pgPoolMax).toBeNull();
    expect(defaultPoolMax()).toBe(Math.max(4, 2 * os.availableParallelism()));
  });

  it('trusts screen files for 30 s in production and re-reads them on every read in demo mode', () => {
    expect(loadConfig({ NIVESH_MODE: 'demo' }).cluster.screenRecheckMs).toBe(0);
    expect(loadConfig({ NIVESH_MODE: 'production' }).cluster.screenRecheckMs).toBe(30_000);
    expect(loadConfig({ NIVESH_MODE: 'production', SCREEN_RECHECK_MS: '0' }).cluster.screenRecheckMs).toBe(0);
  });
});
