/**
 * The real server the Chromium tests talk to, one per Playwright worker: `node --import tsx
 * src/server/main.ts` on its own port and data folder (fresh SQLite, demo mode for the local
 * mailbox, the server clock starting at `CLOCK_START`), stopped and its folder removed when the
 * worker ends. Ports: `E2E_PORT` (default 8181) plus the worker's slot (`parallelIndex`), so
 * two workers use two neighbouring ports.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The first port of a run (a worker adds its slot). */
export const basePort = (): number => Number(process.env.E2E_PORT ?? 8181);

/**
 * A port no process listens on now (the system picks it), for a worker's server: on a machine
 * where other runs use the fixed ports, a server started on a taken port would lose to the
 * one already there, and the readiness check would find that other server.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The environment every e2e server runs with (the settings the tests rely on). */
export function serverEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    DATA_DIR: dataDir,
    NIVESH_MODE: 'demo',
    DATABASE_URL: '',
    CAPTCHA_PER_IP_PER_HOUR: '1000',
    // Every spec logs in and registers from one IP: the per-IP login budget (50 per 15 min)
    // would refuse the later specs; API tests cover the budget itself.
    LOGIN_PER_IP_PER_15MIN: '100000',
    LOG_LEVEL: 'warn',
    // Every spec registers accounts: the lowest scrypt cost keeps a registration from costing
    // 50 ms of CPU (hashing is the same code at any cost).
    PASSWORD_SCRYPT_N: '1024',
    // A Monday, 11:30 India time: inside the deposit and withdrawal windows on any real day.
    CLOCK_START: '2026-11-23T06:00:00Z',
    // A 10-second shortest contract keeps the trade e2e short.
    UPDOWN_DURATIONS: '10:0.85,60:0.90,300:0.95',
    // IPO applications without an identity review (the identity e2e covers the review).
    IPO_REQUIRES_IDENTITY: '0',
    // A parallel build may use its own output folder.
    CLIENT_DIR: process.env.CLIENT_DIR ?? 'dist/client',
  };
}

/** A running e2e server. */
export interface E2eServer {
  port: number;
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** Stops the process (SIGTERM, then SIGKILL after 10 s). */
  stop(): Promise<void>;
}

/** How long a server may take to answer: tsx compiles the server first, slow on a busy machine. */
const START_LIMIT_MS = 180_000;

/**
 * Starts a server and resolves once `/api/ui/screens/page` answers.
 * @param env settings over {@link serverEnv}'s.
 * @throws Error when it exits or does not answer within 3 minutes (with its error output).
 */
export async function startServer(port: number, dataDir: string, env: Record<string, string> = {}): Promise<E2eServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, ...serverEnv(port, dataDir), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
    process.stderr.write(chunk);
  });
  const url = `http://localhost:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + START_LIMIT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the e2e server on port ${port} exited with ${child.exitCode}: ${errors}`);
    try {
      // Answered by this child (demo servers name their process): a server some other run left
      // on the port would otherwise be taken for it.
      const answer = await fetch(`${url}/api/ui/screens/page`);
      if (answer.ok && answer.headers.get('x-nivesh-process') === String(child.pid)) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the e2e server on port ${port} did not answer within ${START_LIMIT_MS / 1000} s: ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { port, url, dataDir, child, stop };
}

/** The prefix of this run's data folders: `/tmp/nivesh-e2e-<run id>-`. */
export const dataDirPrefix = (): string => path.join(os.tmpdir(), `nivesh-e2e-${process.env.E2E_RUN_ID ?? 'run'}-`);

/**
 * A fresh data folder of this run; the caller removes it, and the run's global teardown
 * (`global-teardown.ts`) removes whatever a killed worker left.
 */
export const freshDataDir = (): string => fs.mkdtempSync(dataDirPrefix());
