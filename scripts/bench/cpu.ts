/**
 * CPU accounting for the benches, read from Linux's `/proc`: a process's or a thread's
 * user + system time (`utime` + `stime` of `/proc/<pid>/stat`, clock ticks of 10 ms turned into
 * ms), and PostgreSQL's backends of one database (their pids from `pg_stat_activity`). The
 * benches divide these by the requests answered: CPU ms per request, the figure that decides
 * how many cores a load needs, whatever else the machine runs.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';

/** ms per clock tick (`getconf CLK_TCK`, 100 on Linux/x86 nearly everywhere). */
const TICK_MS = (() => {
  try {
    return 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  } catch {
    return 10;
  }
})();

/** CPU ms (user + system) of a `/proc/.../stat` file, or null when the process is gone. */
export function statCpuMs(file: string): number | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // utime and stime are the 14th and 15th fields of the line: 12th and 13th after the name.
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** CPU ms of process `pid` (all its threads), or null when it is gone. */
export const pidCpuMs = (pid: number): number | null => statCpuMs(`/proc/${pid}/stat`);

/** Sum of the CPU ms of `pids` (gone ones count 0). */
export const pidsCpuMs = (pids: readonly number[]): number => pids.reduce((sum, pid) => sum + (pidCpuMs(pid) ?? 0), 0);

/** pids of the PostgreSQL backends connected to database `name`, other than the asking one. */
export async function backendPids(adminUrl: string, name: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
    return rows.map((r) => Number(r.pid));
  } finally {
    await client.end();
  }
}

/**
 * Samples the CPU of processes that come and go (pgbench's backends end with it) every
 * `everyMs`: keeps each pid's first and last reading. `stop()` returns the CPU ms they used
 * between their first and last sample (at most `everyMs` of each one's end is missed).
 */
export function cpuSampler(pids: () => Promise<number[]>, everyMs = 100): { stop: () => Promise<number> } {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let running = true;
  const sample = async () => {
    for (const pid of await pids()) {
      const ms = pidCpuMs(pid);
      if (ms === null) continue;
      if (!first.has(pid)) first.set(pid, ms);
      last.set(pid, ms);
    }
  };
  const loop = (async () => {
    while (running) {
      await sample();
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      let total = 0;
      for (const [pid, end] of last) total += end - first.get(pid)!;
      return total;
    },
  };
}

/** One line: `ms` of CPU per request, formatted with one or two decimals. */
export const msText = (ms: number): string => (ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));
