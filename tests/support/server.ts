/**
 * Test servers on real databases: a fresh SQLite file in a temp folder, or — when
 * `TEST_DB=pg` — a fresh PostgreSQL database created for this server and dropped after. Every
 * server and database is ledger-checked (`domain/ledger/check.ts`) when the test file stops it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { ManualClock } from '../../src/server/clock.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { buildServer, type Server } from '../../src/server/app.js';
import { openDb, type Db } from '../../src/server/db/index.js';
import type { Envelope } from '../../src/shared/codes.js';
import { checkLedger, formatViolation } from '../../src/server/domain/ledger/check.js';

/**
 * The ledger check (`npm run ledger:check`) on a test database before it is closed: every API
 * test file's servers and databases pass through it when the file stops them. Resolves with
 * an Error listing the violations, or null when clean.
 */
export async function ledgerCheckError(db: Db, what: string): Promise<Error | null> {
  const violations = await checkLedger(db);
  return violations.length ? new Error(`ledger check of ${what} found ${violations.length} violation(s):\n${violations.map(formatViolation).join('\n')}`) : null;
}

/** Per server or database: `ledgerCheck: false` skips the check at stop (a test that corrupts the books on purpose). */
export interface LedgerCheckOption {
  ledgerCheck?: boolean;
}

/** The PostgreSQL server tests use (trust auth, database `test`). */
export const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Which database engine this run tests. */
export const testDb = (): 'sqlite' | 'pg' => (process.env.TEST_DB === 'pg' ? 'pg' : 'sqlite');

const adminClient = async () => {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 10_000, query_timeout: 120_000 });
  await client.connect();
  return client;
};

/** The URL of one database on the PostgreSQL server tests use. */
const pgUrlOf = (name: string): string => {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../src/server/db/migrations');

/** The migrations' fingerprint: a template made from other migrations is never reused. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const name of fs.readdirSync(MIGRATIONS_DIR).sort()) hash.update(name).update(fs.readFileSync(path.join(MIGRATIONS_DIR, name)));
  return hash.digest('hex').slice(0, 16);
}

let templateName: Promise<string> | undefined;

/**
 * The name of a database migrated to the current migrations, made once for every test process
 * (an advisory lock lets one process build it while the others wait) and then only copied:
 * `CREATE DATABASE … TEMPLATE` copies files, which is far quicker than running the migrations.
 */
function migratedTemplate(): Promise<string> {
  templateName ??= (async () => {
    const name = `nivesh_tpl_${migrationsHash()}`;
    const admin = await adminClient();
    try {
      await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (!exists.rowCount) {
        const building = `${name}_b${process.pid}`;
        await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${building}`);
        try {
          const db = await openDb({ kind: 'postgres', url: pgUrlOf(building) });
          await db.destroy();
          // Renamed only once complete: a half-migrated template is never copied.
          await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
        } catch (error) {
          await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
          throw error;
        }
      }
      return name;
    } finally {
      await admin.end();
    }
  })().catch((error: unknown) => {
    templateName = undefined;
    throw error;
  });
  return templateName;
}

let sqliteTemplate: Promise<string> | undefined;

/**
 * A SQLite file migrated to the current migrations, made once per test process (in the temp
 * folder, removed when the process exits) and then copied for every server or database: a file
 * copy costs far less CPU than running the migrations, as with PostgreSQL's template.
 */
function migratedSqliteTemplate(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const file = path.join(os.tmpdir(), `nivesh-sqlite-tpl-${migrationsHash()}-${process.pid}.sqlite`);
    fs.rmSync(file, { force: true });
    const db = await openDb({ kind: 'sqlite', file });
    // Closing the last connection checkpoints the WAL into the file and removes it.
    await db.destroy();
    process.once('exit', () => fs.rmSync(file, { force: true }));
    return file;
  })().catch((error: unknown) => {
    sqliteTemplate = undefined;
    throw error;
  });
  return sqliteTemplate;
}

/** Puts a copy of the migrated SQLite template at `file` (its folder must exist). */
async function copySqliteTemplate(file: string): Promise<void> {
  fs.copyFileSync(await migratedSqliteTemplate(), file);
}

/**
 * Creates a PostgreSQL database for one server; `drop` removes it (closing stray connections).
 * By default a copy of the migrated template ({@link migratedTemplate}); `{ empty: true }` gives
 * a database without tables (tests of the migrations themselves, or of raw SQL).
 */
export async function createPgDatabase(options: { empty?: boolean } = {}): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `nivesh_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = options.empty ? null : await migratedTemplate();
  const admin = await adminClient();
  try {
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    name,
    url: pgUrlOf(name),
    drop: async () => {
      const client = await adminClient();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * A migrated database of the suite's kind without a server: a SQLite file in a temp folder, or
 * a fresh PostgreSQL database with TEST_DB=pg. `close` destroys it and removes the file or
 * drops the database.
 * @param prefix the temp folder's name prefix (SQLite).
 */
export async function openTestDatabase(prefix: string, options: LedgerCheckOption = {}): Promise<{ db: Db; close: () => Promise<void> }> {
  const checked = (db: Db, release: () => Promise<void>) => async () => {
    const problem = options.ledgerCheck === false ? null : await ledgerCheckError(db, `test database ${prefix}`).catch((error: Error) => error);
    await release();
    if (problem) throw problem;
  };
  if (testDb() === 'pg') {
    const database = await createPgDatabase();
    const db = await openDb({ kind: 'postgres', url: database.url });
    const close = checked(db, async () => {
      await db.destroy();
      await database.drop();
    });
    return { db, close };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  await copySqliteTemplate(path.join(dir, 'db.sqlite'));
  const db = await openDb({ kind: 'sqlite', file: path.join(dir, 'db.sqlite') });
  const close = checked(db, async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return { db, close };
}

/** A running test server with helpers. */
export interface TestServer extends Server {
  clock: ManualClock;
  config: Config;
  /** POSTs `/api/<name>` and returns the HTTP status and envelope. */
  call<T = unknown>(name: string, body?: unknown, options?: { token?: string; lang?: string; headers?: Record<string, string> }): Promise<{ status: number; body: Envelope<T> }>;
  /** Registers a user through the real captcha flow; returns its token. */
  registerUser(email?: string, password?: string): Promise<{ token: string; email: string; password: string }>;
  /** Newest code mailed to an address (from the demo outbox). */
  lastCode(email: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts a server on a fresh database with a manual clock. `stop()` runs the ledger check on
 * its database first (unless `options.ledgerCheck` is false) and rejects with the violations.
 * @param env extra environment (e.g. rate limits) for `loadConfig`.
 */
export async function startTestServer(env: Record<string, string> = {}, overrides: Partial<Config> = {}, options: LedgerCheckOption = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-test-'));
  const pgDb = testDb() === 'pg' ? await createPgDatabase() : null;
  // The server opens `dataDir/nivesh.sqlite` (config.ts): already migrated, its migrations find nothing to do.
  if (!pgDb && !env.DATABASE_URL) await copySqliteTemplate(path.join(dataDir, 'nivesh.sqlite'));
  const config = loadConfig(
    { NIVESH_MODE: 'demo', DATA_DIR: dataDir, DATABASE_URL: pgDb?.url ?? '', CAPTCHA_PER_IP_PER_HOUR: '1000', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'warn', CLIENT_DIR: path.join(dataDir, 'no-client'), ...env },
    overrides,
  );
  const clock = new ManualClock(Date.UTC(2026, 10, 23, 6, 0, 0));
  let server: Server;
  try {
    server = await buildServer(config, { clock, logger: false, strictScreens: true });
  } catch (error) {
    await pgDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  const call: TestServer['call'] = async (name, body = {}, options = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(options.headers ?? {}) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await server.app.inject({ method: 'POST', url: `/api/${name}?lang=${options.lang ?? 'en'}`, headers, payload: JSON.stringify(body) });
    return { status: response.statusCode, body: response.json() };
  };

  const lastCode = async (email: string) => {
    const row = await server.deps.db.selectFrom('mail_outbox').select('text').where('to_address', '=', email.toLowerCase()).orderBy('sent_at', 'desc').limit(1).executeTakeFirstOrThrow();
    const match = /\b(\d{6})\b/.exec(row.text);
    if (!match) throw new Error(`no code in mail: ${row.text}`);
    return match[1]!;
  };

  let counter = 0;
  const registerUser: TestServer['registerUser'] = async (email, password = 'correct horse battery') => {
    const address = email ?? `user${++counter}-${randomBytes(3).toString('hex')}@example.com`;
    const sent = await call('user/sendCaptchaByEmail', { email: address, purpose: 'register' });
    if (sent.body.code !== 200) throw new Error(`sendCaptcha failed: ${JSON.stringify(sent.body)}`);
    const code = await lastCode(address);
    const registered = await call<{ token: string }>('user/register', { email: address, password, confirmPassword: password, captcha: code });
    if (registered.body.code !== 200) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
    clock.advance(61_000); // past the resend cooldown for later codes
    return { token: registered.body.data.token, email: address, password };
  };

  return {
    ...server,
    clock,
    config,
    call,
    lastCode,
    registerUser,
    async stop() {
      const problem = options.ledgerCheck === false ? null : await ledgerCheckError(server.deps.db, 'the test server').catch((error: Error) => error);
      await server.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (problem) throw problem;
    },
  };
}
