/**
 * Named prepared statements for node-postgres: Kysely sends every
 * query as an unnamed statement, so PostgreSQL parses and plans the same few dozen query shapes
 * again on every request — for a purchase's dozen short statements that is most of the
 * server's CPU. With a name, a connection parses a shape once and reuses it (PostgreSQL's plan
 * cache picks a custom or generic plan per execution, as for `PREPARE`).
 *
 * Only parameterized DML is named (`SELECT`/`INSERT`/`UPDATE`/`DELETE`/`WITH`); DDL and
 * migrations stay unnamed. Each connection keeps at most `perConnection` names (shapes beyond
 * that, e.g. long `IN (…)` lists, run unnamed) so the server's memory per connection is bounded.
 * A statement invalidated by a schema change is re-planned by PostgreSQL itself.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';

const DML = /^\s*(select|insert|update|delete|with)\b/i;

/** The statement name of an SQL text (stable across processes, ≤ 63 bytes). */
export function statementName(text: string): string {
  return `k${createHash('sha1').update(text).digest('base64url')}`;
}

/**
 * Makes every client of `pool` send parameterized DML as named prepared statements.
 * @param perConnection distinct statements named per connection (default 500).
 */
export function usePreparedStatements(pool: pg.Pool, perConnection = 500): void {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) {
      name = statementName(text);
      if (names.size < 10_000) names.set(text, name);
    }
    return name;
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const prepared = new Set<string>();
    // Names whose statement a schema change broke on this connection: sent unnamed from then on.
    const stale = new Set<string>();
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (text: unknown, values?: unknown, callback?: unknown) => {
      if (callback !== undefined || typeof text !== 'string' || !Array.isArray(values) || !values.length || !DML.test(text)) return query(text, values, callback);
      const name = nameOf(text);
      if (stale.has(name)) return query(text, values);
      if (!prepared.has(name)) {
        if (prepared.size >= perConnection) return query(text, values);
        prepared.add(name);
      }
      return (query({ name, text, values }) as Promise<unknown>).catch((error: { code?: string }) => {
        // "cached plan must not change result type": a migration changed a table under a
        // prepared `SELECT *`. This query fails (its transaction is aborted); later ones run unnamed.
        if (error?.code === '0A000') stale.add(name);
        throw error;
      });
    };
  });
}
