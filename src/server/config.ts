/**
 * Server configuration from the environment, with embedded defaults so `npm start` runs on a
 * fresh machine: SQLite under `DATA_DIR`, simulated market, local mail outbox, demo mode.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadMoneyConfig, type MoneyConfig } from './money-config.js';
import { loadMarketConfig, type MarketConfig } from './market/config.js';
import { loadTradingConfig, type TradingConfig } from './trading-config.js';
import { loadIpoConfig, type IpoConfig } from './ipo-config.js';
import { loadOfferingsConfig, type OfferingsConfig } from './offerings-config.js';

/** Project root (the folder holding `schemas/`, `locales/`, `dist/`). */
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Everything the server reads from its environment. Durations in milliseconds. */
export interface Config {
  /** `demo` seeds demo logins and exposes the dev mailbox; `production` does neither. */
  mode: 'demo' | 'production';
  port: number;
  host: string;
  /** Folder for the SQLite file, uploads and demo credentials. */
  dataDir: string;
  /** `postgres://…` selects PostgreSQL; otherwise SQLite at `dataDir/nivesh.sqlite`. */
  databaseUrl: string | null;
  /** `PG_PREPARED_STATEMENTS=0` sends every query unnamed (needed behind a transaction-pooling PgBouncer); default on. */
  pgPreparedStatements: boolean;
  /** Connections each process keeps to PostgreSQL at most (`PG_POOL_MAX`); null: the database layer's default (`defaultPoolMax`). */
  pgPoolMax: number | null;
  /** Folder with `screens/`, `api/` and `layout.meta.json`; read live on every load. */
  schemasDir: string;
  localesDir: string;
  /** Built client (`vite build` output); served with an SPA fallback when present. */
  clientDir: string;
  /** nodemailer SMTP URL; unset means the local outbox. */
  smtpUrl: string | null;
  mailFrom: string;
  session: { idleMs: number; absoluteMs: number };
  captcha: {
    ttlMs: number;
    maxAttempts: number;
    cooldownMs: number;
    perEmailPerHour: number;
    perIpPerHour: number;
  };
  /** Login attempts allowed per IP per 15 minutes. */
  loginPerIpPer15Min: number;
  /** Maximum bank accounts a user may bind. */
  maxBankAccounts: number;
  logLevel: string;
  /** Deposit and withdrawal rules (see `money-config.ts`). */
  money: MoneyConfig;
  /** Market data and public feature switches (see `market/config.ts`). */
  market: MarketConfig;
  /** Up/down contracts, stock orders and the settler (see `trading-config.ts`). */
  trading: TradingConfig;
  /** IPO applications and the allotment job (see `ipo-config.ts`). */
  ipo: IpoConfig;
  /** Block trading, gather plans, AI baskets (see `offerings-config.ts`). */
  offerings: OfferingsConfig;
  /** `LEDGER_CHECK_INTERVAL_MS` (default 15 minutes): how often one process runs the ledger check job. */
  ledgerCheckIntervalMs: number;
  /** Where uploads (identity photos, payment screenshots) are stored. */
  storage: {
    driver: 'local' | 's3';
    s3: { bucket: string; region: string; endpoint?: string; forcePathStyle: boolean; prefix: string } | null;
  };
  /** Largest accepted upload, in bytes (10 MB). */
  uploadMaxBytes: number;
  /** Longest side of a stored image after re-encoding, in pixels. */
  uploadMaxSide: number;
  /** Live-quote stream caps: `SSE_MAX_PER_IP` (20), `SSE_MAX_PER_TOKEN` (5). */
  sse: { maxPerIp: number; maxPerToken: number };
  /** `UPLOADS_PER_USER_PER_HOUR` (default 30): photo uploads one user may make per hour. */
  uploadsPerUserPerHour: number;
  /**
   * AES-256-GCM key for ID numbers at rest, base64 (32 bytes). Unset in demo mode: a key is
   * generated into `DATA_DIR/identity.key`; unset in production mode: the server refuses to start.
   */
  identityKey: string | null;
  /** `ALLOW_SIMULATED_PRICES=1`: production may run on the simulated or replay provider. */
  allowSimulatedPrices: boolean;
  /**
   * `CONTENT_LINK_ORIGINS` (comma list of https origins, default none): the only other origins
   * a link in content HTML (articles, news, company texts) may point to; links to any other
   * origin are dropped (their text kept).
   */
  contentLinkOrigins: string[];
  /**
   * Whether operators and editors must sign in with a TOTP second factor: always in production
   * mode; in demo mode only with `STAFF_TOTP=required`.
   */
  staffTotp: boolean;
  /** Scale-out (docs/deploy.md). */
  cluster: ClusterConfig;
  /**
   * `STUDIO_APPROVALS`: how many editors other than its author must approve a studio change
   * before it is live (default 2 in production, 1 in demo mode; 0 publishes at once and is
   * refused in production).
   */
  studioApprovals: number;
  /**
   * `PASSWORD_SCRYPT_N` (default 16384, a power of two from 1024): scrypt's cost for new password
   * hashes (about 50 ms of CPU each at the default). Stored hashes keep the cost they were made
   * with. Test servers lower it, as they register thousands of accounts; production mode refuses
   * anything below the default.
   */
  passwordScryptN: number;
  /** `FORM_SUBMISSIONS_PER_USER_PER_HOUR`: how often one user may submit one data-capture form in an hour (default 10). */
  formSubmissionsPerUserPerHour: number;
}

/** scrypt's cost for password hashes unless `PASSWORD_SCRYPT_N` says otherwise. */
export const DEFAULT_SCRYPT_N = 16384;

/**
 * Parses `PASSWORD_SCRYPT_N`: a power of two from 1024 to 1048576; unset means the default.
 * @throws Error naming the value when it is not such a power of two.
 */
function scryptCost(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_SCRYPT_N;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1024 || n > 1048576 || (n & (n - 1)) !== 0) throw new Error(`PASSWORD_SCRYPT_N=${value} is not a power of two from 1024 to 1048576`);
  return n;
}

/**
 * Why production mode must not start with this configuration:
 * no `SMTP_URL` (codes would land in an outbox nobody reads), or simulated/replay prices without
 * `ALLOW_SIMULATED_PRICES=1`. Empty in demo mode.
 */
export function productionRefusals(config: Config): string[] {
  if (config.mode !== 'production') return [];
  const refusals: string[] = [];
  if (!config.smtpUrl) refusals.push('SMTP_URL is required in production mode (verification codes must be mailed)');
  if ((config.market.provider === 'simulated' || config.market.provider === 'replay') && !config.allowSimulatedPrices) {
    refusals.push(`MARKET_PROVIDER=${config.market.provider} gives simulated prices; production mode needs a real provider or ALLOW_SIMULATED_PRICES=1`);
  }
  if (config.passwordScryptN < DEFAULT_SCRYPT_N) refusals.push(`PASSWORD_SCRYPT_N must be at least ${DEFAULT_SCRYPT_N} in production mode (cheaper hashes are cheaper to crack)`);
  if (config.studioApprovals < 1) refusals.push('STUDIO_APPROVALS must be at least 1 in production mode (every studio change needs another editor\'s approval)');
  return refusals;
}

/**
 * Parses `CONTENT_LINK_ORIGINS`: comma-separated https origins (`https://www.nseindia.com`),
 * normalized to `URL.origin`.
 * @throws Error naming an entry that is not an https origin (a path, query or other scheme).
 */
export function parseOrigins(list: string | undefined): string[] {
  const origins: string[] = [];
  for (const entry of (list ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    let url: URL | null = null;
    try {
      url = new URL(entry);
    } catch {
      url = null;
    }
    if (!url || url.protocol !== 'https:' || url.origin !== entry.replace(/\/$/, '').toLowerCase()) {
      throw new Error(`CONTENT_LINK_ORIGINS: "${entry}" is not an https origin such as https://www.example.com`);
    }
    origins.push(url.origin);
  }
  return origins;
}

/** Several API processes: shared mode needs both `DATABASE_URL` and `REDIS_URL`. */
export interface ClusterConfig {
  /** `redis://…`; with a PostgreSQL `databaseUrl` it selects the shared mode. */
  redisUrl: string | null;
  /** True when several processes share PostgreSQL and Redis (both URLs set). */
  shared: boolean;
  /** How often a follower tries to become the feed leader (ms); takeover ≤ this + one tick. */
  leaderPollMs: number;
  /** Prefix of every Redis key and channel (several deployments on one Redis). */
  redisPrefix: string;
  /** `/metrics` access: a bearer token, and/or client networks (CIDR, comma-separated). */
  metricsToken: string | null;
  metricsAllow: string[];
  /**
   * How long screen files are trusted before re-stat (ms; 0 = every read, live edits on disk).
   * `SCREEN_RECHECK_MS`; 30 s in production mode, where screens change by publishing (every
   * process invalidates on the `screens` topic) and files only with a deploy; 0 in demo mode.
   */
  screenRecheckMs: number;
}

function int(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(parsed) ? parsed : fallback;
}

/**
 * Reads the configuration. Unset variables take the embedded defaults.
 * @param env usually `process.env`; tests pass their own.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(ROOT_DIR, 'data'));
  const base: Config = {
    mode: env.NIVESH_MODE === 'production' ? 'production' : 'demo',
    port: int(env.PORT, 8080),
    // Demo mode exposes the demo mailbox and seeded logins: this machine only unless HOST says otherwise.
    host: env.HOST || (env.NIVESH_MODE === 'production' ? '0.0.0.0' : '127.0.0.1'),
    dataDir,
    databaseUrl: env.DATABASE_URL && /^postgres(ql)?:\/\//.test(env.DATABASE_URL) ? env.DATABASE_URL : null,
    pgPreparedStatements: env.PG_PREPARED_STATEMENTS !== '0',
    pgPoolMax: Number.isInteger(Number(env.PG_POOL_MAX)) && Number(env.PG_POOL_MAX) >= 1 ? Number(env.PG_POOL_MAX) : null,
    schemasDir: path.resolve(env.SCHEMAS_DIR ?? path.join(ROOT_DIR, 'schemas')),
    localesDir: path.join(ROOT_DIR, 'locales'),
    clientDir: path.resolve(env.CLIENT_DIR ?? path.join(ROOT_DIR, 'dist/client')),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Nivesh <no-reply@nivesh.local>',
    session: {
      idleMs: int(env.SESSION_IDLE_MS, 24 * 3600_000),
      absoluteMs: int(env.SESSION_ABSOLUTE_MS, 30 * 24 * 3600_000),
    },
    captcha: {
      ttlMs: 10 * 60_000,
      maxAttempts: 5,
      cooldownMs: 60_000,
      perEmailPerHour: int(env.CAPTCHA_PER_EMAIL_PER_HOUR, 5),
      perIpPerHour: int(env.CAPTCHA_PER_IP_PER_HOUR, 30),
    },
    loginPerIpPer15Min: int(env.LOGIN_PER_IP_PER_15MIN, 50),
    maxBankAccounts: int(env.MAX_BANK_ACCOUNTS, 5),
    logLevel: env.LOG_LEVEL ?? 'info',
    money: loadMoneyConfig(env),
    market: loadMarketConfig(env, env.NIVESH_MODE === 'production' ? 'production' : 'demo', ROOT_DIR),
    trading: loadTradingConfig(env),
    ipo: loadIpoConfig(env),
    offerings: loadOfferingsConfig(env, ROOT_DIR),
    ledgerCheckIntervalMs: int(env.LEDGER_CHECK_INTERVAL_MS, 15 * 60_000),
    storage: {
      driver: env.STORAGE_DRIVER === 's3' ? 's3' : 'local',
      s3: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            region: env.S3_REGION ?? 'ap-south-1',
            endpoint: env.S3_ENDPOINT || undefined,
            forcePathStyle: env.S3_FORCE_PATH_STYLE === '1',
            prefix: env.S3_PREFIX ?? 'uploads/',
          }
        : null,
    },
    uploadMaxBytes: int(env.UPLOAD_MAX_BYTES, 10 * 1024 * 1024),
    uploadMaxSide: int(env.UPLOAD_MAX_SIDE, 2048),
    uploadsPerUserPerHour: int(env.UPLOADS_PER_USER_PER_HOUR, 30),
    sse: { maxPerIp: int(env.SSE_MAX_PER_IP, 20), maxPerToken: int(env.SSE_MAX_PER_TOKEN, 5) },
    identityKey: env.IDENTITY_KEY || null,
    allowSimulatedPrices: env.ALLOW_SIMULATED_PRICES === '1',
    studioApprovals: Math.max(0, Math.floor(int(env.STUDIO_APPROVALS, env.NIVESH_MODE === 'production' ? 2 : 1))),
    passwordScryptN: scryptCost(env.PASSWORD_SCRYPT_N),
    formSubmissionsPerUserPerHour: Math.max(1, int(env.FORM_SUBMISSIONS_PER_USER_PER_HOUR, 10)),
    contentLinkOrigins: parseOrigins(env.CONTENT_LINK_ORIGINS),
    staffTotp: env.NIVESH_MODE === 'production' || env.STAFF_TOTP === 'required',
    cluster: {
      redisUrl: env.REDIS_URL && /^rediss?:\/\//.test(env.REDIS_URL) ? env.REDIS_URL : null,
      shared: false,
      leaderPollMs: int(env.LEADER_POLL_MS, 1000),
      redisPrefix: env.REDIS_PREFIX ?? 'nivesh:',
      metricsToken: env.METRICS_TOKEN || null,
      screenRecheckMs: int(env.SCREEN_RECHECK_MS, env.NIVESH_MODE === 'production' ? 30_000 : 0),
      metricsAllow: (env.METRICS_ALLOW ?? '127.0.0.1/8,::1/128').split(',').map((s) => s.trim()).filter(Boolean),
    },
  };
  base.cluster.shared = base.databaseUrl !== null && base.cluster.redisUrl !== null;
  return { ...base, ...overrides };
}
