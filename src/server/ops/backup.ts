/**
 * Backups of a running installation and their restore.
 *
 * A snapshot is one folder `nivesh-<UTC instant>` holding
 * - `manifest.json` ({@link BackupManifest});
 * - the database, consistent at one instant while the app keeps writing: on SQLite a copy made
 *   with SQLite's online backup API (better-sqlite3 `backup`, all pages in one step, so one read
 *   transaction of the WAL database: writers go on, the copy never restarts); on PostgreSQL a
 *   `pg_dump --format=custom` (one repeatable-read snapshot);
 * - `data/`: every other file of `DATA_DIR` — the local uploads under `uploads/`, the generated
 *   identity key, the demo credentials. It is copied AFTER the database, and an upload's file is
 *   stored before its row is inserted, so every upload the database names is in the snapshot.
 * The snapshot is written under `<name>.partial` and renamed when complete: a folder without the
 * suffix is always whole. Uploads kept in S3 (`STORAGE_DRIVER=s3`) are not copied; the bucket
 * keeps its own versions.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../config.js';

const run = promisify(execFile);

/** The SQLite file's name under `DATA_DIR` (with its `-wal` and `-shm` companions). */
export const SQLITE_FILE = 'nivesh.sqlite';
const DUMP_FILE = 'nivesh.pgdump';
const MANIFEST_FILE = 'manifest.json';
const DATA_FOLDER = 'data';

/** `manifest.json` of a snapshot. */
export interface BackupManifest {
  format: 1;
  /** When the snapshot started, ISO 8601 UTC. */
  createdAt: string;
  database: 'sqlite' | 'postgres';
  /** The database file of the snapshot folder (`nivesh.sqlite` or `nivesh.pgdump`). */
  databaseFile: string;
  /** Where uploads were stored: `local` ones are in `data/uploads`, `s3` ones are not copied. */
  uploads: 'local' | 's3';
}

/** A refusal of `restore` (target not fresh, snapshot incomplete); the CLI prints its message. */
export class BackupError extends Error {}

/** `nivesh-2026-11-26T16-40-05-123Z`: sorts by time, safe in every file system. */
function snapshotName(now: number): string {
  return `nivesh-${new Date(now).toISOString().replace(/[:.]/g, '-')}`;
}

/** Copies `from` into `to` (created), leaving out the top-level names in `skip`. */
function copyTree(from: string, to: string, skip: ReadonlySet<string>): void {
  fs.mkdirSync(to, { recursive: true });
  if (!fs.existsSync(from)) return;
  for (const name of fs.readdirSync(from)) {
    if (skip.has(name)) continue;
    fs.cpSync(path.join(from, name), path.join(to, name), { recursive: true, errorOnExist: true, force: false });
  }
}

/** libpq environment for a `postgres://` URL (so no password shows in the process list). */
function pgEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env, PGHOST: u.hostname, PGPORT: u.port || '5432', PGDATABASE: decodeURIComponent(u.pathname.slice(1)) };
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const sslmode = u.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/**
 * Writes a snapshot of the installation `config` describes while it runs.
 * @param targetRoot the folder the snapshot folder is created in (made when missing).
 * @param now epoch milliseconds (names the snapshot).
 * @returns the snapshot folder's path.
 * @throws BackupError when `targetRoot` is `DATA_DIR` itself; the database's or `pg_dump`'s
 *   error (the `.partial` folder is removed).
 */
export async function createBackup(config: Pick<Config, 'dataDir' | 'databaseUrl' | 'storage'>, targetRoot: string, now = Date.now()): Promise<string> {
  const root = path.resolve(targetRoot);
  const inside = path.relative(path.resolve(config.dataDir), root);
  if (inside === '') throw new BackupError('the backup folder cannot be DATA_DIR itself');
  fs.mkdirSync(root, { recursive: true });
  const name = snapshotName(now);
  const partial = path.join(root, `${name}.partial`);
  const final = path.join(root, name);
  if (fs.existsSync(final) || fs.existsSync(partial)) throw new BackupError(`${final} exists`);
  fs.mkdirSync(partial);
  try {
    const database = config.databaseUrl ? 'postgres' : 'sqlite';
    const databaseFile = database === 'postgres' ? DUMP_FILE : SQLITE_FILE;
    if (config.databaseUrl) {
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(partial, DUMP_FILE)}`], { env: pgEnv(config.databaseUrl), maxBuffer: 16 * 1024 * 1024 });
    } else {
      const source = new SQLite(path.join(config.dataDir, SQLITE_FILE), { fileMustExist: true });
      try {
        source.pragma('busy_timeout = 5000');
        // After the first (empty) step: every page in one step, so the copy is one read transaction.
        await source.backup(path.join(partial, SQLITE_FILE), { progress: () => 0x7fffffff });
      } finally {
        source.close();
      }
    }
    // A backup folder inside DATA_DIR (at any depth) is not copied into itself.
    const skip = new Set([SQLITE_FILE, `${SQLITE_FILE}-wal`, `${SQLITE_FILE}-shm`]);
    if (!inside.startsWith('..') && !path.isAbsolute(inside)) skip.add(inside.split(path.sep)[0]!);
    copyTree(config.dataDir, path.join(partial, DATA_FOLDER), skip);
    const manifest: BackupManifest = { format: 1, createdAt: new Date(now).toISOString(), database, databaseFile, uploads: config.storage.driver };
    fs.writeFileSync(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.renameSync(partial, final);
    return final;
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Reads a snapshot's manifest.
 * @throws BackupError when the folder is not a complete snapshot.
 */
export function readManifest(snapshot: string): BackupManifest {
  const file = path.join(snapshot, MANIFEST_FILE);
  if (!fs.existsSync(file)) throw new BackupError(`${snapshot} is not a complete snapshot (no ${MANIFEST_FILE})`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new BackupError(`${snapshot}: unknown snapshot format ${String(manifest.format)}`);
  return manifest;
}

/** Whether the PostgreSQL database at `url` has no tables of its own. */
async function pgDatabaseEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`);
    return Number(rows[0]!.n) === 0;
  } finally {
    await client.end();
  }
}

/**
 * Restores a snapshot into the FRESH installation `config` describes: an empty (or missing)
 * `DATA_DIR` without a database file, and with `DATABASE_URL` an existing database without
 * tables (`createdb` it first). The database kind must match the snapshot's.
 * @throws BackupError when the snapshot is incomplete, of the other database kind, or the
 *   target is not fresh; `pg_restore`'s error.
 */
export async function restoreBackup(snapshot: string, config: Pick<Config, 'dataDir' | 'databaseUrl'>): Promise<BackupManifest> {
  const manifest = readManifest(snapshot);
  const dataDir = path.resolve(config.dataDir);
  const target = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.database !== target) throw new BackupError(`the snapshot holds a ${manifest.database} database, the target is ${target}`);
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) throw new BackupError(`${dataDir} is not empty: restore into a fresh data folder`);
  if (config.databaseUrl && !(await pgDatabaseEmpty(config.databaseUrl))) throw new BackupError('the target PostgreSQL database has tables: restore into a fresh database');
  fs.mkdirSync(dataDir, { recursive: true });
  if (config.databaseUrl) {
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${decodeURIComponent(new URL(config.databaseUrl).pathname.slice(1))}`, path.join(snapshot, manifest.databaseFile)], {
      env: pgEnv(config.databaseUrl),
      maxBuffer: 16 * 1024 * 1024,
    });
  } else {
    fs.copyFileSync(path.join(snapshot, manifest.databaseFile), path.join(dataDir, SQLITE_FILE), fs.constants.COPYFILE_EXCL);
  }
  copyTree(path.join(snapshot, DATA_FOLDER), dataDir, new Set());
  return manifest;
}
