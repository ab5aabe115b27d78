/**
 * A second API process on a test server's database (`tests/support/money-worker.ts`): the real
 * server in its own process with its own fixed clock, reached over HTTP — what a second node
 * behind a load balancer is.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT_DIR } from '../../src/server/config.js';
import type { Envelope } from '../../src/shared/codes.js';
import type { TestServer } from './server.js';

/** A running worker process. */
export interface ApiWorker {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** POSTs `/api/<name>` to the worker; resolves with the envelope. */
  call<T = unknown>(name: string, body: unknown, token?: string): Promise<Envelope<T>>;
  stop(): Promise<void>;
}

/**
 * The environment of a separate server process on `server`'s database (SQLite file or
 * PostgreSQL): demo mode, the same data folder, no client build, sessions that survive clock
 * jumps, warnings only; then `env`.
 */
export function workerEnv(server: TestServer, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NIVESH_MODE: 'demo',
    DATA_DIR: server.config.dataDir,
    DATABASE_URL: server.config.databaseUrl ?? '',
    CLIENT_DIR: path.join(server.config.dataDir, 'no-client'),
    SESSION_IDLE_MS: String(365 * 86_400_000),
    LOG_LEVEL: 'warn',
    ...env,
  };
}

/**
 * Starts a worker on `server`'s database (SQLite file or PostgreSQL) whose clock stands at `clockMs`.
 * @param env extra environment (e.g. the server's own settings).
 */
export function startApiWorker(server: TestServer, clockMs: number, env: Record<string, string> = {}): Promise<ApiWorker> {
  const childEnv = workerEnv(server, { WORKER_CLOCK_MS: String(clockMs), ...env });
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT_DIR, 'tests/support/money-worker.ts')], { cwd: ROOT_DIR, env: childEnv, stdio: ['pipe', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    // tsx compiles the server in the child first: on a busy machine that takes a while.
    const timer = setTimeout(() => reject(new Error(`worker did not start: ${output}`)), 120_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /LISTENING (\d+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      const url = `http://127.0.0.1:${match[1]}`;
      resolve({
        child,
        url,
        async call<T>(name: string, body: unknown, token?: string) {
          const headers: Record<string, string> = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
          const response = await fetch(`${url}/api/${name}?lang=en`, { method: 'POST', headers, body: JSON.stringify(body) });
          return (await response.json()) as Envelope<T>;
        },
        async stop() {
          if (child.exitCode !== null) return;
          const exited = new Promise((done) => child.once('exit', done));
          child.kill('SIGTERM');
          await exited;
        },
      });
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`worker exited with ${code}: ${output}`)));
  });
}
