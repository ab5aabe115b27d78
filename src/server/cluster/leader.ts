/**
 * Feed leadership: exactly one process computes ticks. The lock
 * is a PostgreSQL session advisory lock held on a dedicated connection: when the leader dies
 * (even `kill -9`) its connection closes and PostgreSQL releases the lock; a follower polling
 * every `pollMs` takes it over. A leader that loses its connection stops leading at once (its
 * lock is gone with the session). Single-process mode uses {@link soloLeader}.
 */
import pg from 'pg';
import type { ClusterLog } from './redis.js';

/** Who leads; `onChange` fires on every gain or loss. */
export interface LeaderLock {
  readonly isLeader: boolean;
  /** How long this process has led, in ms of its own monotonic clock; null while it follows. */
  readonly leaderForMs: number | null;
  onChange(listener: (leader: boolean) => void): () => void;
  start(): void;
  /** Releases the lock (the session ends) and stops polling. */
  stop(): Promise<void>;
}

/** The lock of a process that is always the leader (SQLite, or no Redis). */
export function soloLeader(): LeaderLock {
  const since = performance.now();
  return {
    isLeader: true,
    get leaderForMs() {
      return performance.now() - since;
    },
    onChange: () => () => undefined,
    start: () => undefined,
    stop: async () => undefined,
  };
}

/** Advisory lock key of the market feed (any 64-bit constant shared by every process). */
export const FEED_LOCK_KEY = 715_000_001;

/** A PostgreSQL advisory lock polled every `pollMs` (see the module comment). */
export class AdvisoryLeaderLock implements LeaderLock {
  private client: pg.Client | null = null;
  private leader = false;
  /** `performance.now()` when this process last became the leader. */
  private since = 0;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private polling: Promise<void> = Promise.resolve();
  private readonly listeners = new Set<(leader: boolean) => void>();

  constructor(
    private readonly url: string,
    private readonly key: number = FEED_LOCK_KEY,
    private readonly pollMs = 1000,
    private readonly log?: ClusterLog,
  ) {}

  get isLeader(): boolean {
    return this.leader;
  }

  get leaderForMs(): number | null {
    return this.leader ? performance.now() - this.since : null;
  }

  onChange(listener: (leader: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    if (this.timer || this.stopped) return;
    const loop = () => {
      this.polling = this.poll().finally(() => {
        if (this.stopped) return;
        this.timer = setTimeout(loop, this.pollMs);
        this.timer.unref();
      });
    };
    loop();
  }

  private set(leader: boolean): void {
    if (leader === this.leader) return;
    this.leader = leader;
    if (leader) this.since = performance.now();
    this.log?.info?.({ leader }, leader ? 'became the market feed leader' : 'no longer the market feed leader');
    for (const listener of this.listeners) listener(leader);
  }

  /** One attempt: connect if needed; a follower tries the lock, a leader checks its session. */
  private async poll(): Promise<void> {
    try {
      if (!this.client) {
        const client = new pg.Client({ connectionString: this.url, application_name: 'nivesh-feed-leader', keepAlive: true });
        client.on('error', () => this.drop());
        await client.connect();
        this.client = client;
      }
      if (this.leader) {
        await this.client.query('select 1');
        return;
      }
      const { rows } = await this.client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [this.key]);
      if (this.stopped) return;
      this.set(rows[0]?.locked === true);
    } catch (error) {
      if (!this.stopped) this.log?.warn?.({ err: error }, 'feed leader lock: database unreachable');
      this.drop();
    }
  }

  /** The session is gone, and with it the lock. */
  private drop(): void {
    const client = this.client;
    this.client = null;
    this.set(false);
    void client?.end().catch(() => undefined);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.polling.catch(() => undefined);
    const client = this.client;
    this.client = null;
    this.set(false);
    await client?.end().catch(() => undefined);
  }
}
