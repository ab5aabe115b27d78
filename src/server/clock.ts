/**
 * The one injected clock: windows, expiries and rate limits read time only from
 * here, so tests can set it.
 */
export interface Clock {
  /** Current time in epoch milliseconds (UTC). */
  now(): number;
}

/** The real wall clock. */
export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests move by hand. */
export class ManualClock implements Clock {
  constructor(private current: number = Date.UTC(2026, 10, 23, 6, 0, 0)) {}
  now(): number {
    return this.current;
  }
  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void {
    this.current += ms;
  }
  set(epochMs: number): void {
    this.current = epochMs;
  }
}

/**
 * A clock that starts at a chosen instant and then runs at real speed: demo and e2e servers
 * use it (`CLOCK_START=2026-11-23T06:00:00Z`) to sit inside the deposit and withdrawal windows
 * whatever the real day is. Honoured in demo mode only.
 * @param anchorMs real epoch ms at which the clock reads `startIso` (default: now).
 */
export function offsetClock(startIso: string, anchorMs?: number): Clock {
  const start = Date.parse(startIso);
  if (Number.isNaN(start)) throw new Error(`CLOCK_START is not an ISO date: ${startIso}`);
  // Several processes share one anchor (`CLOCK_START_AT`, the real epoch ms at which
  // the clock read CLOCK_START) so they agree on the time whenever each of them started.
  const offset = start - (anchorMs ?? Date.now());
  return { now: () => Date.now() + offset };
}
