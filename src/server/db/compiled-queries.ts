/**
 * Query shapes built and compiled by Kysely once per dialect, then run with new parameters.
 * Building a Kysely query (immutable operation
 * nodes, frozen at every step) and compiling it to SQL cost more CPU than SQLite took to run
 * it: about a fifth of a purchase's server time went to building the same dozen shapes again.
 *
 * A shape is written once with the query builder, with named slots where values go; the slots
 * are unique marker strings while it compiles, so the compiled parameter list says which slot
 * (or which constant) each `?` / `$n` takes. Later runs only fill that list. Kysely stays the
 * one source of the SQL, for SQLite and PostgreSQL alike.
 */
import type { Compilable, Insertable, QueryResult } from 'kysely';
import type { Database, Db } from './index.js';
import { runSql } from './sqlite-direct.js';

const MARK = '\u0000slot:';

/** Where one compiled parameter comes from: a named slot, or a constant of the shape. */
type ParameterSource = { slot: string } | { constant: unknown };

interface Template {
  sql: string;
  sources: ParameterSource[];
}

/** A shape's compiled templates, one per dialect adapter (a transaction shares its database's). */
const templates = new Map<string, Map<unknown, Template>>();

/**
 * The value standing for slot `name` while a shape is built; typed as whatever the column
 * takes so the builder's types still check the shape.
 */
export function slot<T = never>(name: string): T {
  return `${MARK}${name}` as unknown as T;
}

function compileTemplate(query: Compilable<unknown>, shape: string): Template {
  const { sql, parameters } = query.compile();
  if (sql.includes(MARK)) throw new Error(`compiled query ${shape}: a slot was inlined into the SQL instead of passed as a parameter`);
  const sources = parameters.map((value): ParameterSource => (typeof value === 'string' && value.startsWith(MARK) ? { slot: value.slice(MARK.length) } : { constant: value }));
  return { sql, sources };
}

/**
 * Runs query shape `shape` with `values` in its slots, on `db` (a database or a transaction).
 * The first run per dialect calls `build` and compiles it; later runs reuse the SQL.
 * @param shape a name unique to what `build` builds, including anything that changes its SQL
 *   (e.g. `postings:insert:3` for three rows).
 * @param build builds the shape from `db`, with {@link slot}s for every value that varies.
 * @returns the rows (`RETURNING` or `SELECT`) and the affected-row count.
 * @throws Error when a slot has no value in `values`; whatever the database raises.
 */
export async function runCompiled<R>(db: Db, shape: string, values: Readonly<Record<string, unknown>>, build: (db: Db) => Compilable<R>): Promise<QueryResult<R>> {
  const adapter = db.getExecutor().adapter.constructor;
  let byAdapter = templates.get(shape);
  if (!byAdapter) templates.set(shape, (byAdapter = new Map()));
  let template = byAdapter.get(adapter);
  if (!template) byAdapter.set(adapter, (template = compileTemplate(build(db), shape)));
  const parameters = template.sources.map((source) => {
    if ('constant' in source) return source.constant;
    const value = values[source.slot];
    if (value === undefined) throw new Error(`compiled query ${shape}: no value for slot ${source.slot}`);
    return value;
  });
  // SQLite with the connection free (or held by this caller): straight on the connection.
  return runSql<R>(db, template.sql, parameters);
}

/**
 * Inserts one row into `table` through a compiled shape keyed by the table and the row's
 * columns (every value, `null` included, travels as a parameter).
 * @param options `ignoreConflict`: `ON CONFLICT DO NOTHING` (a row that may exist already).
 * @throws Error when a value is `undefined`; whatever the database raises.
 */
export async function insertRowCompiled<T extends keyof Database & string>(db: Db, table: T, row: Insertable<Database[T]>, options: { ignoreConflict?: boolean } = {}): Promise<void> {
  const values = row as Readonly<Record<string, unknown>>;
  const columns = Object.keys(values);
  await runCompiled(db, `${table}:insert${options.ignoreConflict ? ':ignore' : ''}:${columns.join(',')}`, values, (d) => {
    const insert = d.insertInto(table).values(Object.fromEntries(columns.map((column) => [column, slot(column)])) as never);
    return options.ignoreConflict ? insert.onConflict((oc) => oc.doNothing()) : insert;
  });
}
