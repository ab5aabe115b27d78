/**
 * Group commit for money transactions on SQLite (issue 14 "Money paths durable and fast").
 *
 * Money transactions commit with `synchronous = FULL`: the commit returns only after the WAL
 * is on disk (fsync), so an acknowledged deposit, withdrawal or purchase survives power loss,
 * not only a process crash. An fsync costs milliseconds, so one transaction per request would
 * cap the whole server at a few hundred money requests per second. Instead requests arriving
 * while a commit is under way wait in a short queue; the next round drains the queue into
 * ONE `BEGIN IMMEDIATE … COMMIT`:
 * - each request runs inside its own `SAVEPOINT`; when it throws, `ROLLBACK TO` undoes exactly
 *   its writes and the others carry on — failures stay isolated per request;
 * - each request is answered only after the `COMMIT` that holds its writes has returned;
 *   when that commit fails, every request of the round fails and none of them took effect;
 * - other connections (a second process) still wait on the database lock as before.
 * Connection-level `synchronous` is `NORMAL` for everything else (sessions, uploads, ticks);
 * a FULL commit also makes every earlier WAL frame durable.
 *
 * The queue belongs to one Kysely instance (one better-sqlite3 connection).
 */
import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/index.js';

/** The round's fixed statements, compiled once (a tagged template compiles again on every run). */
const STATEMENTS = {
  full: CompiledQuery.raw('pragma synchronous = FULL'),
  normal: CompiledQuery.raw('pragma synchronous = NORMAL'),
  begin: CompiledQuery.raw('begin immediate'),
  savepoint: CompiledQuery.raw('savepoint money_request'),
  release: CompiledQuery.raw('release money_request'),
  rollbackTo: CompiledQuery.raw('rollback to money_request'),
  commit: CompiledQuery.raw('commit'),
  rollback: CompiledQuery.raw('rollback'),
};

/** One queued request: its operation and how to answer it. */
interface Pending {
  operation: (trx: Db) => Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  /** The outcome, set while the round runs, delivered after the commit. */
  outcome?: { ok: true; value: unknown } | { ok: false; error: unknown };
}

/** Most requests one round commits together (bounds the time the write lock is held). */
export const GROUP_COMMIT_MAX = 64;

/** The commit queue of one database. */
class CommitQueue {
  private queue: Pending[] = [];
  private running = false;
  /** Rounds committed and requests they held (for the bench and tests). */
  readonly stats = { rounds: 0, requests: 0 };

  constructor(private readonly db: Db) {}

  run<T>(operation: (trx: Db) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ operation, resolve: resolve as (value: unknown) => void, reject });
      if (!this.running) {
        this.running = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  /**
   * Commits rounds until the queue is empty. Each round starts one event-loop turn later
   * (`setImmediate`): the queries of requests already under way (session, checks) finish and
   * those requests join the round, instead of each round taking whoever happens to be first.
   */
  private async drain(): Promise<void> {
    try {
      while (this.queue.length) {
        await this.commitRound();
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      this.running = false;
    }
  }

  private async commitRound(): Promise<void> {
    let failure: unknown = null;
    let round: Pending[] = [];
    try {
      await this.db.connection().execute(async (connection) => {
        // Taken once the connection is ours: requests that arrived while the round waited for
        // it (behind other queries) join this round.
        round = this.queue.splice(0, GROUP_COMMIT_MAX);
        await connection.executeQuery(STATEMENTS.full);
        try {
          await connection.executeQuery(STATEMENTS.begin);
          try {
            for (const pending of round) {
              await connection.executeQuery(STATEMENTS.savepoint);
              try {
                const value = await pending.operation(connection);
                await connection.executeQuery(STATEMENTS.release);
                pending.outcome = { ok: true, value };
              } catch (error) {
                // Undo exactly this request; if SQLite already rolled the whole transaction
                // back (I/O error, …) this throws and the round fails as a whole.
                await connection.executeQuery(STATEMENTS.rollbackTo);
                await connection.executeQuery(STATEMENTS.release);
                pending.outcome = { ok: false, error };
              }
            }
            await connection.executeQuery(STATEMENTS.commit);
          } catch (error) {
            await connection.executeQuery(STATEMENTS.rollback).catch(() => undefined);
            throw error;
          }
        } finally {
          await connection.executeQuery(STATEMENTS.normal).catch(() => undefined);
        }
      });
      this.stats.rounds++;
      this.stats.requests += round.length;
    } catch (error) {
      failure = error;
    }
    for (const pending of round) {
      if (failure !== null) {
        // Nothing of this round was committed: a request that failed on its own keeps its error.
        pending.reject(pending.outcome && !pending.outcome.ok ? pending.outcome.error : failure);
      } else if (pending.outcome?.ok) pending.resolve(pending.outcome.value);
      else pending.reject(pending.outcome?.error ?? failure);
    }
  }
}

const queues = new WeakMap<Db, CommitQueue>();

/** The commit queue of a SQLite database, created on first use. */
function queueOf(db: Db): CommitQueue {
  let queue = queues.get(db);
  if (!queue) {
    queue = new CommitQueue(db);
    queues.set(db, queue);
  }
  return queue;
}

/**
 * Runs `operation` in the next group-committed SQLite transaction; see the module comment.
 * @param operation must use only the `trx` it is given (the one connection is held by the round).
 * @returns what `operation` returned, after the commit that holds its writes.
 * @throws what `operation` threw (its writes undone), or the commit's error (nothing written).
 */
export function groupCommit<T>(db: Db, operation: (trx: Db) => Promise<T>): Promise<T> {
  return queueOf(db).run(operation);
}

/** Rounds committed and requests they held on this database (bench figures). */
export function groupCommitStats(db: Db): { rounds: number; requests: number } {
  return { ...queueOf(db).stats };
}
