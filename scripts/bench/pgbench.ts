/**
 * PostgreSQL's baseline for the benches: `pgbench` TPC-B (built-in script: three updates, one
 * select, one insert per transaction) on a fresh database of the same server, with the CPU it
 * costs per transaction — its backends (sampled from `/proc` while it runs) and the pgbench
 * client itself.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { PG_ADMIN_URL } from '../../tests/support/server.js';
import { backendPids, cpuSampler } from './cpu.js';

const run = promisify(execFile);

/** One pgbench run: transactions/s and CPU ms per transaction. */
export interface PgbenchFigures {
  tps: number;
  transactions: number;
  /** PostgreSQL backends' CPU ms per transaction. */
  backendCpuMs: number;
  /** The pgbench client's CPU ms per transaction. */
  clientCpuMs: number;
}

/** Whether `pgbench` is installed. */
export function hasPgbench(): boolean {
  try {
    execFileSync('pgbench', ['--version'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

/** pgbench TPC-B, scale 10, `clients` clients on 2 threads for `seconds`, on a database made for it and dropped after. */
export async function pgbench(clients: number, seconds: number): Promise<PgbenchFigures> {
  const url = new URL(PG_ADMIN_URL);
  const name = `nivesh_pgbench_${process.pid}`;
  const admin = ['-h', url.hostname, '-p', url.port || '5432', '-U', url.username || 'postgres'];
  const adminDb = url.pathname.slice(1);
  await run('psql', [...admin, '-d', adminDb, '-qc', `DROP DATABASE IF EXISTS ${name}`, '-c', `CREATE DATABASE ${name}`]);
  try {
    await run('pgbench', [...admin, '-i', '-q', '-s', '10', name]);
    const child = execFile('pgbench', [...admin, '-c', String(clients), '-j', '2', '-T', String(seconds), name], { encoding: 'utf8' });
    const pid = child.pid!;
    const sampler = cpuSampler(() => backendPids(PG_ADMIN_URL, name));
    const clientCpu = cpuSampler(async () => [pid], 50);
    const out = await new Promise<string>((resolve, reject) => {
      let text = '';
      child.stdout!.on('data', (chunk: string) => (text += chunk));
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`pgbench exited with ${code}: ${text}`))));
    });
    const total = await sampler.stop();
    const client = await clientCpu.stop();
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1]);
    const transactions = Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1]);
    if (!tps || !transactions) throw new Error(`pgbench output not understood:\n${out}`);
    return { tps, transactions, backendCpuMs: total / transactions, clientCpuMs: client / transactions };
  } finally {
    await run('psql', [...admin, '-d', adminDb, '-qc', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
  }
}
