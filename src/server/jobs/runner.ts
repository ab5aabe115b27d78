/**
 * Background jobs exactly once across processes. Every API process runs the same
 * jobs; two kinds of exactly-once are offered:
 *
 * - `mode: 'shared'` — the job itself claims work with `FOR UPDATE SKIP LOCKED` and
 *   conditional updates (`WHERE status = 'open'`), like contract settlement, IPO allotment and
 *   listing, gather tranches: every process may run it at any time; each item happens once.
 * - `mode: 'slot'` — the job runs once per period across all processes: before running, a
 *   process inserts `(job, slot = floor(now / everyMs))` into `job_runs`; only the process
 *   whose insert lands runs it (tick pruning, daily reports).
 *
 * Other features register their jobs with {@link JobRunner.register}. {@link JobRunner.launch}
 * runs every job's start-up pass (`atStart`: what fell due while the server was down) — also
 * with a test's ManualClock — and, only with a running clock, each job's interval after its
 * start-up pass (tests call {@link JobRunner.runOnce}). One loop for every job (the
 * settler, the IPO job and the gather runner had one each). Timers are unref'd and `stop()`
 * waits for running passes.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { Db } from '../db/index.js';
import { jobRunsDb } from './tables.js';

/** One background job. */
export interface JobSpec {
  /** Unique name, e.g. `ipo.allot` (≤ 64 chars). */
  name: string;
  /** Period in ms: how often each process runs a `shared` job, the slot length of a `slot` job. */
  everyMs: number;
  mode: 'shared' | 'slot';
  /** The work; `now` is the clock's epoch ms. Throwing is logged and the next period retries. */
  run(now: number): Promise<unknown>;
  /**
   * The start-up pass {@link JobRunner.launch} runs once, before the interval: `true` runs
   * `run` itself, a function runs instead (e.g. settlement without a feed catch-up). None: the
   * job waits for its first period.
   */
  atStart?: true | ((now: number) => Promise<unknown>);
}

/** Runs registered jobs in every process, each exactly once per its mode. */
export class JobRunner {
  /** Identifies this process in `job_runs.runner`. */
  readonly runnerId = `${process.pid}-${randomBytes(3).toString('hex')}`;
  private readonly jobs = new Map<string, JobSpec>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();
  private ticking = false;
  private stopped = false;
  private launched: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log?: { error(obj: unknown, msg?: string): void },
  ) {}

  /**
   * Adds a job; it starts with the runner (or at once when the runner already runs).
   * @throws Error when the name is taken.
   */
  register(spec: JobSpec): void {
    if (this.jobs.has(spec.name)) throw new Error(`job ${spec.name} is registered twice`);
    this.jobs.set(spec.name, spec);
    if (this.ticking) this.schedule(spec);
  }

  /** Registered job names. */
  get names(): string[] {
    return [...this.jobs.keys()];
  }

  /**
   * Runs one job now (tests, start-up). A `slot` job runs only when this process wins the
   * slot. @returns whether the job ran here.
   */
  async runOnce(name: string, now = this.clock.now()): Promise<boolean> {
    const spec = this.jobs.get(name);
    if (!spec) throw new Error(`no job ${name}`);
    if (spec.mode === 'slot' && !(await this.claimSlot(spec, now))) return false;
    await spec.run(now);
    return true;
  }

  /** Inserts (job, slot); true when this process's insert landed. */
  private async claimSlot(spec: JobSpec, now: number): Promise<boolean> {
    const slot = Math.floor(now / spec.everyMs);
    const result = await jobRunsDb(this.db)
      .insertInto('job_runs')
      .values({ job: spec.name, slot, runner: this.runnerId, started_at: now })
      .onConflict((oc) => oc.columns(['job', 'slot']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  /** Starts every job's interval. */
  start(): void {
    if (this.ticking || this.stopped) return;
    this.ticking = true;
    for (const spec of this.jobs.values()) this.schedule(spec);
  }

  /**
   * Runs every job's start-up pass (`atStart`) at once and, with `background`, starts each
   * job's interval when its own start-up pass has ended (passes of one job never overlap).
   * A failing start-up pass is logged like a failing period. Calling it again returns the
   * first call's promise.
   * @returns resolves when every start-up pass has ended (see {@link JobRunner.started}).
   */
  launch(background: boolean): Promise<void> {
    if (this.launched) return this.launched;
    if (background) this.ticking = true;
    const passes = [...this.jobs.values()].map(async (spec) => {
      if (spec.atStart && !this.stopped) {
        const now = this.clock.now();
        const first = spec.atStart === true ? this.runOnce(spec.name, now) : spec.atStart(now);
        await this.track(first, spec);
      }
      if (background && !this.stopped) this.schedule(spec);
    });
    this.launched = Promise.all(passes).then(() => undefined);
    return this.launched;
  }

  /** Resolves after the start-up passes of {@link JobRunner.launch} (at once when not launched). */
  get started(): Promise<void> {
    return this.launched ?? Promise.resolve();
  }

  /** Awaits a pass, logging its failure, and keeps it in `running` for {@link JobRunner.stop}. */
  private track(pass: Promise<unknown>, spec: JobSpec): Promise<void> {
    const tracked = pass.then(
      () => undefined,
      (error: unknown) => {
        if (!this.stopped) this.log?.error({ err: error, job: spec.name }, 'background job failed');
      },
    );
    this.running.add(tracked);
    void tracked.finally(() => this.running.delete(tracked));
    return tracked;
  }

  private schedule(spec: JobSpec): void {
    const loop = () => {
      if (this.stopped) return;
      void this.track(this.runOnce(spec.name), spec).finally(() => {
        if (this.stopped) return;
        const timer = setTimeout(loop, spec.everyMs);
        timer.unref();
        this.timers.set(spec.name, timer);
      });
    };
    const timer = setTimeout(loop, 0);
    timer.unref();
    this.timers.set(spec.name, timer);
  }

  /** Stops the intervals and waits for running passes. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    await Promise.allSettled([...this.running]);
  }
}
