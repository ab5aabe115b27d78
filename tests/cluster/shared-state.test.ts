/**
 * Shared state, in one test process: two servers (two `buildServer`s, as two API
 * processes would build them) on one PostgreSQL database and one Redis prefix — rate-limit
 * counters are shared through Redis, a cache-bus publish on one runs the handlers of the
 * other, and exactly one of them holds the feed lock while the other adopts its batches.
 * Skipped when PostgreSQL or Redis does not answer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { ManualClock } from '../../src/server/clock.js';
import { loadConfig } from '../../src/server/config.js';
import { buildServer, type Server } from '../../src/server/app.js';
import { createPgDatabase } from '../support/server.js';
import { REDIS_URL, clusterServicesUp, until } from '../support/cluster.js';

const up = await clusterServicesUp();

describe.skipIf(!up)('shared state across two servers on PostgreSQL + Redis', () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 23, 6, 0, 0));
  const prefix = `s${randomBytes(4).toString('hex')}:`;
  let servers: Server[] = [];
  let drop: () => Promise<void>;
  let dataDir: string;

  beforeAll(async () => {
    const database = await createPgDatabase();
    drop = database.drop;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-shared-'));
    const config = loadConfig({
      NIVESH_MODE: 'demo',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      LEADER_POLL_MS: '200',
      LOGIN_PER_IP_PER_15MIN: '4',
      LOG_LEVEL: 'warn',
      CLIENT_DIR: path.join(dataDir, 'none'),
    });
    expect(config.cluster.shared).toBe(true);
    servers.push(await buildServer(config, { clock, logger: false }));
    servers.push(await buildServer(config, { clock, logger: false }));
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) await server.close();
    servers = [];
    await drop?.();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('counts login attempts per IP across processes (Redis rate-limit store)', async () => {
    const attempt = (server: Server) =>
      server.app.inject({ method: 'POST', url: '/api/user/login?lang=en', remoteAddress: '198.51.100.9', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'nobody@example.com', password: 'wrong password 1' }) });
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await attempt(servers[i % 2]!)).json().code as number);
    // 4 allowed in total, not 4 per process: attempts 5 and 6 are refused whichever process answers.
    expect(codes.slice(0, 4).every((code) => code !== 1029)).toBe(true);
    expect(codes.slice(4)).toEqual([1029, 1029]);
  });

  it('runs a cache-bus publish of one process on the other', async () => {
    const seen: Array<string | null> = [];
    const unsubscribe = servers[1]!.cluster.bus.subscribe('test-topic', (detail) => seen.push(detail));
    await servers[0]!.cluster.bus.publish('test-topic', 'screen-x');
    await until(() => seen.length === 1, 1_000, 'the invalidation on the other process', 10);
    expect(seen).toEqual(['screen-x']);
    unsubscribe();
  });

  it('has one feed leader; the follower never ticks and adopts the leader’s quotes', async () => {
    await until(() => servers.filter((s) => s.cluster.leader.isLeader).length === 1, 10_000, 'one leader');
    const leader = servers.find((s) => s.cluster.leader.isLeader)!;
    const follower = servers.find((s) => s !== leader)!;
    await leader.market.ready();
    await follower.market.ready();
    expect(follower.market.feed.isFollowing).toBe(true);
    clock.advance(3_000);
    expect(follower.market.feed.sync()).toBeNull(); // followers never tick
    const batch = leader.market.feed.sync();
    expect(batch).not.toBeNull();
    await until(() => follower.market.feed.lastSeq === batch!.seq, 2_000, 'the batch on the follower', 10);
    for (const quote of batch!.quotes) expect(follower.market.feed.quote(quote.symbol)).toEqual(quote);
  });
});
