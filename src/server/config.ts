/**
 * Server configuration from the environment, with embedded defaults so `npm start` runs on a
 * fresh machine: SQLite under `DATA_DIR`, simulated market, local mail outbox, demo mode.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadMoneyConfig, type MoneyConfig } from './money-config.js';
import { loadMarketConfig, type MarketConfig } from './market/config.js';
import { loadTradingConfig, type TradingConfig } from './trading-config.js';

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
  /** Deposit and withdrawal rules (issue 4; see `money-config.ts`). */
  money: MoneyConfig;
  /** Market data and public feature switches (issue 5; see `market/config.ts`). */
  market: MarketConfig;
  /** Up/down contracts, stock orders and the settler (issue 6; see `trading-config.ts`). */
  trading: TradingConfig;
  /** Where uploads are stored (issue: identity). */
  storage: {
    driver: 'local' | 's3';
    s3: { bucket: string; region: string; endpoint?: string; forcePathStyle: boolean; prefix: string } | null;
  };
  /** Largest accepted upload, in bytes (10 MB). */
  uploadMaxBytes: number;
  /** Longest side of a stored image after re-encoding, in pixels. */
  uploadMaxSide: number;
  /**
   * AES-256-GCM key for ID numbers at rest, base64 (32 bytes). Unset in demo mode: a key is
   * generated into `DATA_DIR/identity.key`; unset in production mode: the server refuses to start.
   */
  identityKey: string | null;
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
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL && /^postgres(ql)?:\/\//.test(env.DATABASE_URL) ? env.DATABASE_URL : null,
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
    identityKey: env.IDENTITY_KEY || null,
  };
  return { ...base, ...overrides };
}
