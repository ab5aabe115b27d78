/**
 * A set of rows passed to the database as ONE JSON parameter: the
 * source of set-based statements such as `WITH x … INSERT … SELECT … FROM x` or
 * `WITH x … UPDATE … FROM x`, so a batch of thousands of rows costs one statement per table
 * instead of one round trip per row, and never runs into a bound-parameter limit.
 * - SQLite: `WITH x AS MATERIALIZED (SELECT value ->> 0 AS col, … FROM json_each(?))`
 * - PostgreSQL: `WITH x AS MATERIALIZED (SELECT (e ->> 0)::type AS col, … FROM jsonb_array_elements(?::jsonb) AS e)`
 *   (jsonb: parsed once; with `json` every `->>` would re-parse its element)
 * Rows travel as arrays in column order (smaller than objects). MATERIALIZED matters: without
 * it SQLite may drive an `UPDATE … FROM` from an index on the target table and re-scan the
 * JSON for every target row (quadratic); materialized, it scans the rows once and looks each
 * target row up by its key.
 */
import { sql, SqliteAdapter, type RawBuilder } from 'kysely';
import type { Db } from './index.js';

/** A column of the JSON rows: its name (a plain identifier) and its SQL type. */
export type JsonColumn = readonly [name: string, type: 'text' | 'bigint' | 'integer'];

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * The `WITH` clause that yields `rows` as a table named `alias`; the statement follows it.
 * @param rows objects keyed by the column names; numbers must be integers (minor units, ms).
 * @throws Error for a column name or alias that is not a plain identifier (a programming error).
 */
export function withJsonRows(db: Db, alias: string, columns: readonly JsonColumn[], rows: readonly Record<string, unknown>[]): RawBuilder<unknown> {
  for (const name of [alias, ...columns.map(([n]) => n)]) if (!IDENTIFIER.test(name)) throw new Error(`jsonRows: ${name} is not a plain identifier`);
  const json = JSON.stringify(rows.map((row) => columns.map(([name]) => row[name] ?? null)));
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    const select = columns.map(([name], index) => `value ->> ${index} AS ${name}`).join(', ');
    return sql`WITH ${sql.raw(alias)} AS MATERIALIZED (SELECT ${sql.raw(select)} FROM json_each(${json}))`;
  }
  const select = columns.map(([name, type], index) => `(e ->> ${index})::${type} AS ${name}`).join(', ');
  return sql`WITH ${sql.raw(alias)} AS MATERIALIZED (SELECT ${sql.raw(select)} FROM jsonb_array_elements(${json}::jsonb) AS e)`;
}
