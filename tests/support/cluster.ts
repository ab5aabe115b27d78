/**
 * Multi-process test harness: real server processes (`node --import tsx
 * src/server/main.ts`) on one fresh PostgreSQL database and one Redis (own key prefix per
 * run), each on its own port — what a reverse proxy would balance. Helpers speak plain HTTP
 * to a chosen process: envelope calls, SSE streams, users funded through the real deposit
 * flow. The processes share one CLOCK_START anchor so they agree on the (demo) time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { ROOT_DIR } from '../../src/server/config.js';
import { openDb, type Db } from '../../src/server/db/index.js';
import { createPgDatabase, PG_ADMIN_URL } from './server.js';
import { png } from './images.js';
import { postgresReachable, redisReachable } from '../../scripts/services.mjs';

/**
 * Longest wait for one HTTP answer (ms): a process that accepts a connection and never answers
 * fails the test that asked instead of stalling the suite.
 */
const REQUEST_TIMEOUT_MS = 30_000;

/** Progress lines on stderr (CI logs show where a slow start spends its time). */
export function progress(message: string): void {
  process.stderr.write(`[cluster ${new Date().toISOString()}] ${message}\n`);
}

/** Redis the cluster tests use. */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';

/** Whether PostgreSQL and Redis both answer (the cluster suite is skipped otherwise). */
export async function clusterServicesUp(): Promise<boolean> {
  return (await postgresReachable(PG_ADMIN_URL, 2000)) && (await redisReachable(REDIS_URL, 2000));
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** The end of a process's collected output (the last 3,000 characters), for failure reports. */
const lastOutput = (log: string[]) => log.join('').slice(-3000);

/** One server process. */
export interface Proc {
  name: string;
  port: number;
  child: ChildProcess;
  /** Output collected (for failure reports). */
  log: string[];
  exited: Promise<number | null>;
}

/** A running cluster. */
export interface Cluster {
  procs: Proc[];
  /** The database, for assertions (the test's own connection). */
  db: Db;
  dataDir: string;
  schemasDir: string;
  /** Starts one more process (e.g. after a kill). */
  spawn(name: string): Promise<Proc>;
  /** Demo operator login (seeded by the first process). */
  operator(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts `count` processes; the first migrates and seeds before the others start.
 * @param env extra environment for every process.
 */
export async function startCluster(count: number, env: Record<string, string> = {}): Promise<Cluster> {
  progress('creating the PostgreSQL database');
  const database = await createPgDatabase({ empty: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-cluster-'));
  const schemasDir = path.join(dataDir, 'schemas');
  fs.cpSync(path.join(ROOT_DIR, 'schemas'), schemasDir, { recursive: true });
  const prefix = `t${randomBytes(4).toString('hex')}:`;
  const anchor = String(Date.now());
  const baseEnv: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NIVESH_MODE: 'demo',
    DATABASE_URL: database.url,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    DATA_DIR: dataDir,
    SCHEMAS_DIR: schemasDir,
    CLIENT_DIR: path.join(dataDir, 'no-client'),
    LOG_LEVEL: 'warn',
    CLOCK_START: '2026-11-23T06:00:00Z',
    CLOCK_START_AT: anchor,
    LEADER_POLL_MS: '500',
    UPDOWN_DURATIONS: '10:0.85,60:0.90',
    WITHDRAWAL_REQUIRES_IDENTITY: '0',
    CAPTCHA_PER_IP_PER_HOUR: '100000',
    CAPTCHA_PER_EMAIL_PER_HOUR: '1000',
    LOGIN_PER_IP_PER_15MIN: '100000',
    SCREEN_RECHECK_MS: '600000',
    ...env,
  };
  delete baseEnv.TEST_DB;
  delete baseEnv.VITEST;
  delete baseEnv.NODE_ENV;

  const procs: Proc[] = [];
  const spawnProc = async (name: string, seed: boolean): Promise<Proc> => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT_DIR, 'src/server/main.ts')], {
      cwd: ROOT_DIR,
      env: { ...baseEnv, PORT: String(port), HOST: '127.0.0.1', NIVESH_SEED: seed ? '1' : '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log: string[] = [];
    child.stdout!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    // A process the test did not kill should never stop: say so at once, with its last output.
    child.once('exit', (code, signal) => {
      if (!child.killed) progress(`${name} exited on its own (code ${code}, signal ${signal}); last output:\n${lastOutput(log)}`);
    });
    const proc: Proc = { name, port, child, log, exited };
    progress(`${name} spawned on port ${port} (pid ${child.pid})`);
    await waitHealthy(proc);
    progress(`${name} healthy`);
    procs.push(proc);
    return proc;
  };

  // Migrations run once before any process starts (several migrators would race on DDL).
  const db = await openDb({ kind: 'postgres', url: database.url });
  try {
    await spawnProc('p1', true);
    await Promise.all(Array.from({ length: count - 1 }, (_, i) => spawnProc(`p${i + 2}`, false)));
  } catch (error) {
    for (const proc of procs) proc.child.kill('SIGKILL');
    await db.destroy();
    await database.drop();
    throw error;
  }

  return {
    procs,
    db,
    dataDir,
    schemasDir,
    spawn: (name) => spawnProc(name, false),
    async operator() {
      const creds = JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8')) as { operator: { email: string; password: string } };
      const login = await call<{ token: string }>(procs.find((p) => p.child.exitCode === null && !p.child.killed)!, 'user/login', creds.operator);
      if (login.body.code !== 200) throw new Error(`operator login failed: ${JSON.stringify(login.body)}`);
      return login.body.data.token;
    },
    async stop() {
      for (const proc of procs) if (proc.child.exitCode === null) proc.child.kill('SIGTERM');
      await Promise.race([Promise.all(procs.map((p) => p.exited)), new Promise((r) => setTimeout(r, 15_000))]);
      for (const proc of procs) if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
      await db.destroy();
      await database.drop();
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits until `/healthz` answers (processes start slowly on a busy machine). */
async function waitHealthy(proc: Proc, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited: ${proc.log.join('')}`);
    try {
      const response = await fetch(`http://127.0.0.1:${proc.port}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${proc.name} did not start: ${proc.log.join('')}`);
}

/** An envelope answer. */
export interface Answer<T> {
  status: number;
  body: { code: number; message: string; data: T };
  /** pid of the answering process (`X-Nivesh-Process`). */
  pid: number;
}

/**
 * A refused connection says which process it was, whether it had exited (and how) and the end
 * of its output, so a process that died unexpectedly shows why in the failure report.
 */
function unreachable(proc: Proc, error: unknown): Error {
  const { exitCode, signalCode, killed } = proc.child;
  const state = exitCode !== null || signalCode !== null ? `exited (code ${exitCode}, signal ${signalCode}${killed ? ', killed by the test' : ''})` : 'still running';
  return new Error(`${proc.name} (port ${proc.port}, pid ${proc.child.pid}) did not answer: ${(error as Error).message}; ${state}; last output:\n${lastOutput(proc.log)}`, { cause: error });
}

/** POSTs `/api/<name>` to one process. */
export async function call<T = unknown>(proc: Proc, name: string, body: unknown = {}, token?: string, headers: Record<string, string> = {}): Promise<Answer<T>> {
  const response = await fetch(`http://127.0.0.1:${proc.port}/api/${name}?lang=en`, {
    method: 'POST',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: JSON.stringify(body),
  }).catch((error: unknown) => {
    throw unreachable(proc, error);
  });
  return { status: response.status, body: (await response.json()) as Answer<T>['body'], pid: Number(response.headers.get('x-nivesh-process')) };
}

/** Asserts code 200 and returns `data`. */
export function ok<T>(answer: Answer<T>): T {
  if (answer.body.code !== 200) throw new Error(`expected success, got ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

/** GETs JSON from a process. */
export async function getJson<T = unknown>(proc: Proc, url: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`http://127.0.0.1:${proc.port}${url}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  return { status: response.status, body: (await response.json()) as T };
}

/** One SSE event. */
export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

/** An open SSE stream collecting events and comments. */
export interface SseStream {
  events: SseEvent[];
  comments: string[];
  /** Resolves when the connection ends (server gone or closed). */
  ended: Promise<void>;
  lastId(): string | null;
  close(): void;
}

/** Opens `GET /api/markets/stream` on a process. */
export function openStream(proc: Proc, symbols: string[], lastEventId?: string): SseStream {
  const events: SseEvent[] = [];
  const comments: string[] = [];
  let request: http.ClientRequest;
  const ended = new Promise<void>((resolve) => {
    request = http.get(
      { host: '127.0.0.1', port: proc.port, path: `/api/markets/stream?symbols=${symbols.join(',')}`, headers: lastEventId ? { 'last-event-id': lastEventId } : {} },
      (response) => {
        response.setEncoding('utf8');
        let buffer = '';
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let index: number;
          while ((index = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, index);
            buffer = buffer.slice(index + 2);
            let id: string | null = null;
            let event = 'message';
            let data = '';
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments.push(line.slice(1).trim());
              else if (line.startsWith('id: ')) id = line.slice(4);
              else if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('data: ')) data = line.slice(6);
            }
            if (data) events.push({ id, event, data });
          }
        });
        response.on('end', resolve);
        response.on('error', () => resolve());
        response.on('close', resolve);
      },
    );
    request.on('error', () => resolve());
  });
  return {
    events,
    comments,
    ended,
    lastId: () => [...events].reverse().find((e) => e.id)?.id ?? null,
    close: () => request.destroy(),
  };
}

/** Waits until `predicate` holds, polling every `everyMs`; throws after `timeoutMs`. */
export async function until(predicate: () => boolean | Promise<boolean>, timeoutMs: number, what: string, everyMs = 50): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await predicate()) return;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

/** A registered investor with a bound bank account and an uploaded payment screenshot. */
export interface ClusterInvestor {
  token: string;
  email: string;
  bankId: string;
  screenshotId: string;
}

let smallPng: Promise<Buffer> | null = null;

/** Registers an investor over HTTP (code read from the demo outbox), binds a bank, uploads a screenshot. */
export async function registerInvestor(proc: Proc): Promise<ClusterInvestor> {
  const email = `c-${randomBytes(5).toString('hex')}@example.com`;
  const password = 'correct horse battery';
  ok(await call(proc, 'user/sendCaptchaByEmail', { email, purpose: 'register' }));
  const outbox = await getJson<{ data?: Array<{ text: string }> } | Array<{ text: string }>>(proc, `/api/dev/outbox?email=${encodeURIComponent(email)}`);
  const mails = Array.isArray(outbox.body) ? outbox.body : (outbox.body.data ?? []);
  const code = /\b(\d{6})\b/.exec(mails.map((m) => m.text).join('\n'))?.[1];
  if (!code) throw new Error(`no code mailed: ${JSON.stringify(outbox.body)}`);
  const { token } = ok(await call<{ token: string }>(proc, 'user/register', { email, password, confirmPassword: password, captcha: code }));
  const bank = ok(
    await call<{ id: string }>(proc, 'bank/addBank', { holderName: 'Asha Rao', bankName: 'HDFC Bank', accountNumber: String(randomInt(100_000_000, 999_999_999)), ifsc: 'HDFC0001234', phone: '9876543210' }, token),
  );
  smallPng ??= png(32, 24);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await smallPng)], { type: 'image/png' }), 'screenshot.png');
  const upload = await fetch(`http://127.0.0.1:${proc.port}/api/oss/uploadPhoto?lang=en`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const uploaded = (await upload.json()) as { code: number; data: { id: string } };
  if (uploaded.code !== 200) throw new Error(`upload failed: ${JSON.stringify(uploaded)}`);
  return { token, email, bankId: bank.id, screenshotId: uploaded.data.id };
}

let utr = 0;
/** A fresh 12-digit UTR. */
export const clusterUtr = (): string => `9${String(process.pid % 1000).padStart(3, '0')}${String(++utr).padStart(4, '0')}${String(randomInt(0, 10_000)).padStart(4, '0')}`;

/** Reports a deposit on `proc` and has the operator approve it; returns the deposit id. */
export async function creditInvestor(proc: Proc, user: ClusterInvestor, operator: string, amount: number): Promise<string> {
  const { id } = ok(await call<{ id: string }>(proc, 'pay/recharge', { amount, channel: 'bank', utr: clusterUtr(), screenshotId: user.screenshotId }, user.token));
  ok(await call(proc, 'admin/recharge/approve', { id }, operator));
  return id;
}
