/**
 * Group commit for money transactions on SQLite.
 *
 * Every money transaction is on disk (fsync of the WAL) before its request is answered, so an
 * acknowledged deposit, withdrawal or purchase survives power loss, not only a process crash.
 * An fsync costs milliseconds, so one transaction per request would cap the whole server at a
 * few hundred money requests per second. Instead requests wait in a short queue and each round
 * drains it into ONE `BEGIN IMMEDIATE … COMMIT` (after a short gather, see `gather`):
 * - each request runs inside its own `SAVEPOINT`; when it throws, `ROLLBACK TO` undoes exactly
 *   its writes and the others carry on — failures stay isolated per request;
 * - the round commits at the connection's `synchronous = NORMAL` and then syncs the WAL file
 *   on libuv's thread pool (`db/wal-sync.ts`): each request is answered only once that sync
 *   has completed; when the commit or the sync fails, every request of the round fails. The
 *   event loop reads, validates and gathers the next round while the disk works (better-sqlite3
 *   is synchronous: an fsync inside `COMMIT`, as `synchronous = FULL` does it, would stop the
 *   whole process for it). Rounds may overlap, each answered after its own sync, which also
 *   makes every earlier WAL frame durable (sessions, uploads, ticks written at NORMAL). A
 *   database without a WAL file of its own (in memory) commits with `synchronous = FULL`;
 * - other connections (a second process) still wait on the database lock as before.
 * A commit is visible to readers before its sync completes; a reader that answers money state
 * already promised to someone (a stored idempotent answer) waits for {@link durableSoFar}.
 *
 * The queue belongs to one Kysely instance (one better-sqlite3 connection).
 */
import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/index.js';
import { runSql, walFileOf, withHeldConnection } from '../../db/sqlite-direct.js';

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

/** How long a round waits for requests to join (ms, monotonic clock). */
export interface GatherWindow {
  /** Starts once no request has joined for this long. */
  quietMs: number;
  /** Starts at the latest this long after it began to gather. */
  maxMs: number;
}

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

/** A round starts once no request has joined its queue for this long (ms, monotonic). */
export const GROUP_COMMIT_QUIET_MS = 0.1;

/** Longest a round waits for requests to join before it starts (ms, monotonic). */
export const GROUP_COMMIT_GATHER_MAX_MS = 1;

/** The commit queue of one database. */
class CommitQueue {
  private queue: Pending[] = [];
  private running = false;
  /** Rounds committed and requests they held (for the bench and tests). */
  readonly stats = { rounds: 0, requests: 0 };
  /** How a round gathers its requests (ms, monotonic), see {@link gather}. */
  window: GatherWindow = { quietMs: GROUP_COMMIT_QUIET_MS, maxMs: GROUP_COMMIT_GATHER_MAX_MS };

  constructor(private readonly db: Db) {}

  run<T>(operation: (trx: Db) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ operation, resolve: resolve as (value: unknown) => void, reject });
      if (!this.running) {
        this.running = true;
        void this.drain();
      }
    });
  }

  /** Commits rounds until the queue is empty, each gathered first (see {@link gather}). */
  private async drain(): Promise<void> {
    try {
      while (this.queue.length) {
        await this.gather();
        await this.commitRound();
      }
    } finally {
      this.running = false;
    }
  }

  /**
   * Lets the next round fill before it starts: waits one event-loop turn at a time until no
   * request has joined for {@link GROUP_COMMIT_QUIET_MS}, the round is full, or
   * {@link GROUP_COMMIT_GATHER_MAX_MS} have passed. Requests arrive in bursts — those answered
   * by the last commit come back together, a little later than those that waited for it — and
   * a round started at the first turn took only the earlier burst: two half-full rounds, twice
   * the fsyncs. Waiting for a short quiet gap takes the whole burst (PostgreSQL's
   * `commit_delay` serves the same end); a lone request waits the gap, 0.1 ms.
   * Each turn yields to I/O (`setImmediate`), so arriving requests are read meanwhile.
   */
  private async gather(): Promise<void> {
    // A wait, not business time: the monotonic clock, not the injected Clock.
    const start = performance.now();
    let size = -1;
    let lastJoin = start;
    for (;;) {
      const now = performance.now();
      if (this.queue.length !== size) {
        size = this.queue.length;
        lastJoin = now;
      }
      if (size >= GROUP_COMMIT_MAX || now - lastJoin >= this.window.quietMs || now - start >= this.window.maxMs) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /**
   * Runs one round: its requests in their savepoints, one `COMMIT`, then the WAL's sync (not
   * awaited: the next round may gather and commit meanwhile); each request is answered after
   * that sync, or rejected when the commit or the sync failed.
   */
  private async commitRound(): Promise<void> {
    let round: Pending[] = [];
    const wal = walFileOf(this.db);
    try {
      await withHeldConnection(this.db, async (connection) => {
        // Taken once the connection is ours: requests that arrived while the round waited for
        // it (behind other queries) join this round.
        round = this.queue.splice(0, GROUP_COMMIT_MAX);
        // Async: a failing statement rejects (the rollbacks below catch it) instead of throwing.
        const execute = async (statement: CompiledQuery) => runSql(connection, statement.sql, statement.parameters);
        if (!wal) await execute(STATEMENTS.full);
        try {
          await execute(STATEMENTS.begin);
          try {
            for (const pending of round) {
              await execute(STATEMENTS.savepoint);
              try {
                const value = await pending.operation(connection);
                await execute(STATEMENTS.release);
                pending.outcome = { ok: true, value };
              } catch (error) {
                // Undo exactly this request; if SQLite already rolled the whole transaction
                // back (I/O error, …) this throws and the round fails as a whole.
                await execute(STATEMENTS.rollbackTo);
                await execute(STATEMENTS.release);
                pending.outcome = { ok: false, error };
              }
            }
            await execute(STATEMENTS.commit);
          } catch (error) {
            await execute(STATEMENTS.rollback).catch(() => undefined);
            throw error;
          }
        } finally {
          if (!wal) await execute(STATEMENTS.normal).catch(() => undefined);
        }
      });
      this.stats.rounds++;
      this.stats.requests += round.length;
    } catch (error) {
      answer(round, error);
      return;
    }
    if (!wal) answer(round, null);
    else wal.sync().then(() => answer(round, null), (error: unknown) => answer(round, error));
  }
}

/**
 * Answers a round's requests: each its own outcome, or — when the round's commit or its sync
 * failed — its own error if it failed alone, else the round's.
 */
function answer(round: readonly Pending[], failure: unknown): void {
  for (const pending of round) {
    if (failure !== null) {
      // Nothing of this round is known durable: a request that failed on its own keeps its error.
      pending.reject(pending.outcome && !pending.outcome.ok ? pending.outcome.error : failure);
    } else if (pending.outcome?.ok) pending.resolve(pending.outcome.value);
    else pending.reject(pending.outcome?.error ?? failure);
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

/**
 * Sets how rounds on this database gather their requests. Tests widen the window so that a
 * slow turn of a busy machine cannot split what they send as one burst; the server keeps the
 * defaults ({@link GROUP_COMMIT_QUIET_MS}, {@link GROUP_COMMIT_GATHER_MAX_MS}).
 */
export function setGroupCommitWindow(db: Db, window: GatherWindow): void {
  queueOf(db).window = window;
}

/**
 * Resolves once every commit made so far on this database is durable (the WAL syncs under way
 * have completed); at once on PostgreSQL and for a database without a WAL file.
 * @throws the error of a failed sync.
 */
export async function durableSoFar(db: Db): Promise<void> {
  await walFileOf(db)?.synced();
}

/** Rounds committed and requests they held on this database (bench figures). */
export function groupCommitStats(db: Db): { rounds: number; requests: number } {
  return { ...queueOf(db).stats };
}
