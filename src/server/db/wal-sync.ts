/**
 * Durable commits without blocking the event loop: `fdatasync` of a SQLite database's WAL file
 * on libuv's thread pool.
 *
 * In WAL mode a commit appends the transaction's pages to the `-wal` file; with
 * `synchronous = FULL` SQLite then fsyncs that file inside `COMMIT`, and since better-sqlite3 is
 * synchronous the whole process waits for the disk — no request is read or answered meanwhile.
 * Committing at `synchronous = NORMAL` (no fsync) and then calling {@link syncWal} gives the
 * same guarantee to whoever waits for it — every frame written to the WAL before the call is on
 * disk when it resolves, the commit's own frames and header included — while the event loop
 * keeps serving. SQLite's recovery replays only whole, checksummed transactions, so frames on
 * disk are replayed after a power loss exactly as a FULL commit's would be. Checkpoints still
 * sync the WAL and the database file themselves (SQLite does that at NORMAL too).
 */
import fs from 'node:fs';

/** The WAL file of one database: its path, its descriptor once opened, syncs under way. */
export class WalFile {
  private fd: number | null = null;
  private readonly pending = new Set<Promise<void>>();
  /** Completed syncs (tests and benches). */
  syncs = 0;

  /** @param path the database file's path + `-wal`. */
  constructor(readonly path: string) {}

  /**
   * Makes everything written to the WAL file so far durable (`fdatasync`, on the thread pool).
   * The descriptor is opened on first use (after a commit, the file exists) and kept: SQLite
   * keeps the same file (it resets it, never replaces it) while a connection is open.
   * @throws the system's error (`EIO`, …): durability of what the WAL holds is then unknown.
   */
  sync(): Promise<void> {
    const done = new Promise<void>((resolve, reject) => {
      try {
        this.fd ??= fs.openSync(this.path, 'r');
      } catch (error) {
        reject(error);
        return;
      }
      fs.fdatasync(this.fd, (error) => {
        if (error) reject(error);
        else {
          this.syncs++;
          resolve();
        }
      });
    });
    this.pending.add(done);
    const forget = () => void this.pending.delete(done);
    done.then(forget, forget);
    return done;
  }

  /**
   * Resolves once every sync under way has completed: then whatever a reader sees was durable
   * when it read it (a commit becomes visible before its sync completes).
   * @throws the error of a failed sync.
   */
  async synced(): Promise<void> {
    if (this.pending.size) await Promise.all([...this.pending]);
  }

  /** Waits for syncs under way, then closes the descriptor (the connection is closing). */
  async close(): Promise<void> {
    await Promise.allSettled([...this.pending]);
    if (this.fd !== null) fs.closeSync(this.fd);
    this.fd = null;
  }
}
