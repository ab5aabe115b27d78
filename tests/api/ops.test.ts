/**
 * Operations and the single-process side of the scale-out: `/healthz`, `/readyz`,
 * `/metrics` (network and token restriction, code 1870), the OpenAPI 3.1 document built from
 * the call registry with its Swagger UI reference served same-origin, `admin/screens/publish`
 * (cache bus), and background jobs run once per slot across runners on one database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { ROOT_DIR } from '../../src/server/config.js';
import type { Db } from '../../src/server/db/index.js';
import { JobRunner } from '../../src/server/jobs/runner.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { expectCall, expectOk } from '../support/envelope.js';
import { operatorToken } from '../support/money.js';

describe('operations endpoints', () => {
  let server: TestServer;
  let schemasDir: string;

  beforeAll(async () => {
    schemasDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-ops-schemas-'));
    fs.cpSync(path.join(ROOT_DIR, 'schemas'), schemasDir, { recursive: true });
    server = await startTestServer({ METRICS_TOKEN: 'scrape-secret', METRICS_ALLOW: '127.0.0.1/32,10.0.0.0/8', SCHEMAS_DIR: schemasDir, SCREEN_RECHECK_MS: '600000' });
  });
  afterAll(async () => {
    await server.stop();
    fs.rmSync(schemasDir, { recursive: true, force: true });
  });

  it('GET /healthz answers while the process serves', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['x-nivesh-process']).toBe(String(process.pid));
  });

  it('GET /readyz checks database, Redis and the feed; one process leads its own feed', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ready: true, checks: { database: true, redis: true, feed: true }, leader: true, leaderForMs: expect.any(Number) });
  });

  it('GET /readyz answers 503 naming the failed check when the database is gone', async () => {
    // The database becomes unreachable: a connection pool to a port nothing listens on.
    const deps = server.deps as { db: Db };
    const real = deps.db;
    const unreachable = new Kysely<never>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: 'postgres://127.0.0.1:1/none', connectionTimeoutMillis: 500 }) }) });
    deps.db = unreachable as unknown as Db;
    try {
      const response = await server.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ ready: false, checks: { database: false, redis: true } });
    } finally {
      deps.db = real;
      await unreachable.destroy();
    }
    expect((await server.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('serves Prometheus metrics to the allowed network and to the token, refuses others with 1870', async () => {
    await server.call('config/getSystemConfig', {});
    const local = await server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    expect(local.headers['content-type']).toContain('text/plain');
    for (const name of ['nivesh_http_requests_total', 'nivesh_http_request_duration_seconds_bucket', 'nivesh_sse_clients', 'nivesh_feed_lag_seconds', 'nivesh_settlement_backlog', 'nivesh_ledger_postings', 'nivesh_feed_leader']) {
      expect(local.body).toContain(name);
    }
    expect(local.body).toMatch(/nivesh_http_requests_total\{route="\/api\/config\/getSystemConfig",method="POST",status="200"\} \d+/);
    expect((await server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' })).statusCode).toBe(200);

    const outside = await server.app.inject({ method: 'GET', url: '/metrics?lang=en', remoteAddress: '203.0.113.7' });
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ code: 1870, message: 'Metrics are only available from the allowed network or with the metrics token.' });
    const wrong = await server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(403);
    const token = await server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7', headers: { authorization: 'Bearer scrape-secret' } });
    expect(token.statusCode).toBe(200);
  });

  it('GET /api/openapi.json is OpenAPI 3.1 with every declared call and its body schema', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { $ref?: string } }> }; security?: unknown[]; 'x-access': string }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown>; $schema?: string }> };
      'x-error-codes': Record<string, { key: string }>;
    };
    expect(doc.openapi).toBe('3.1.0');
    for (const name of server.calls.names) expect(doc.paths[`/api/${name}`], name).toBeDefined();
    const addBank = doc.paths['/api/bank/addBank']!.post!;
    expect(addBank['x-access']).toBe('user');
    expect(addBank.security).toEqual([{ bearer: [] }]);
    const ref = addBank.requestBody!.content['application/json']!.schema.$ref!;
    const component = doc.components.schemas[ref.replace('#/components/schemas/', '')]!;
    expect(Object.keys(component.properties ?? {})).toEqual(expect.arrayContaining(['holderName', 'accountNumber', 'ifsc']));
    expect(component.$schema).toBeUndefined();
    // Every $ref points at a component that exists.
    for (const match of response.body.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) expect(doc.components.schemas[match[1]!], match[1]).toBeDefined();
    expect(doc['x-error-codes']['1870']!.key).toBe('metricsForbidden');
    // Calls declared `idempotent: true` (and only they) document the Idempotency-Key header.
    const headerOf = (name: string) => (doc.paths[`/api/${name}`]!.post as unknown as { parameters: Array<{ name: string; in: string }> }).parameters.find((p) => p.in === 'header');
    expect(headerOf('order/purchase')?.name).toBe('Idempotency-Key');
    expect(headerOf('admin/withdrawal/pay')?.name).toBe('Idempotency-Key');
    expect(headerOf('bank/addBank')).toBeUndefined();
    // order/purchase is validated by its forms' schemas, one per kind, documented by their contracts.
    const purchase = doc.paths['/api/order/purchase']!.post!.requestBody!.content['application/json']!.schema as unknown as { oneOf: Array<{ $ref: string }> };
    expect(purchase.oneOf.map((s) => s.$ref)).toEqual(['#/components/schemas/contracts.updown', '#/components/schemas/contracts.stockBuy']);
  });

  it('GET /api/docs renders the reference with Swagger UI from this origin', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const scripts = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const url of scripts) {
      expect(url.startsWith('/api/docs/')).toBe(true); // same origin, no CDN
      const asset = await server.app.inject({ method: 'GET', url });
      expect(asset.statusCode, url).toBe(200);
      expect(asset.body.length).toBeGreaterThan(20);
    }
    expect((await server.app.inject({ method: 'GET', url: '/api/docs/init.js' })).body).toContain('/api/openapi.json');
    const missing = await server.app.inject({ method: 'GET', url: '/api/docs/package.json?lang=en' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(1044);
  });

  it('admin/screens/publish lints, audits and invalidates cached screens; refusals change nothing', async () => {
    const operator = await operatorToken(server);
    const investor = await server.registerUser();
    const text = async () => (await server.app.inject({ method: 'GET', url: '/api/ui/screens/ChangePassword' })).json().data.layout.blocks[0].text;
    expect(await text()).toBe('changePassword.notice');
    const file = path.join(schemasDir, 'screens/ChangePassword.layout.json');
    const original = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, original.replace('"text": "changePassword.notice"', '"text": "changePassword.done"'));
    // File stamps are trusted for 10 minutes here: the cached copy stays until published.
    expect(await text()).toBe('changePassword.notice');

    expectCall(await server.call('admin/screens/publish', { id: 'ChangePassword' }, { token: investor.token }), 403, 1040);
    expectCall(await server.call('admin/screens/publish', { id: 'Nope' }, { token: operator }), 404, 1045);
    expectCall(await server.call('admin/screens/publish', { id: '../x' }, { token: operator }), 400, 1000);
    fs.writeFileSync(file, original.replace('"kind": "notice"', '"kind": "no-such-block"'));
    const invalid = expectCall<{ problems: string[] }>(await server.call('admin/screens/publish', { id: 'ChangePassword' }, { token: operator }), 409, 1871);
    expect(invalid.data.problems.join('\n')).toContain('ChangePassword.layout.json');
    expect(await server.deps.db.selectFrom('audit_log').select('id').where('action', '=', 'screen.publish').execute()).toHaveLength(0);

    fs.writeFileSync(file, original.replace('"text": "changePassword.notice"', '"text": "changePassword.done"'));
    const published = expectOk(await server.call<{ id: string; publishedAt: number }>('admin/screens/publish', { id: 'ChangePassword' }, { token: operator }));
    expect(published).toEqual({ id: 'ChangePassword', publishedAt: server.clock.now() });
    expect(await text()).toBe('changePassword.done');
    expect(await server.deps.db.selectFrom('audit_log').select('entity_id').where('action', '=', 'screen.publish').execute()).toEqual([{ entity_id: 'ChangePassword' }]);
  });
});

describe('background jobs exactly once across processes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.stop());

  it('a slot job runs once per slot however many runners share the database', async () => {
    const runs: string[] = [];
    const runners = [0, 1, 2].map(() => new JobRunner(server.deps.db, server.clock));
    for (const runner of runners) runner.register({ name: 'test.report', everyMs: 60_000, mode: 'slot', run: async () => void runs.push(runner.runnerId) });
    const now = server.clock.now();
    const ran = await Promise.all(runners.map((runner) => runner.runOnce('test.report', now)));
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(runs).toHaveLength(1);
    // Same slot later: nobody runs it again; the next slot: exactly one runner.
    expect(await Promise.all(runners.map((runner) => runner.runOnce('test.report', now + 1_000)))).toEqual([false, false, false]);
    const next = Math.floor(now / 60_000) * 60_000 + 60_000;
    expect((await Promise.all(runners.map((runner) => runner.runOnce('test.report', next)))).filter(Boolean)).toHaveLength(1);
    expect(runs).toHaveLength(2);
  });

  it('launch runs every start-up pass once: atStart true runs the job, a function runs instead, none waits', async () => {
    const runner = new JobRunner(server.deps.db, server.clock);
    const calls: string[] = [];
    runner.register({ name: 'test.catchUp', everyMs: 1_000, mode: 'shared', run: async () => void calls.push('catchUp.run'), atStart: true });
    runner.register({ name: 'test.own', everyMs: 1_000, mode: 'shared', run: async () => void calls.push('own.run'), atStart: async () => void calls.push('own.start') });
    runner.register({ name: 'test.none', everyMs: 1_000, mode: 'shared', run: async () => void calls.push('none.run') });
    runner.register({ name: 'test.failing', everyMs: 1_000, mode: 'shared', run: async () => { throw new Error('boom'); }, atStart: true });
    const first = runner.launch(false);
    expect(runner.launch(false)).toBe(first);
    await first;
    await runner.started;
    expect(calls.sort()).toEqual(['catchUp.run', 'own.start']);
    await runner.stop();
  });

  it('a shared job runs on every runner (it claims its own work) and names must be unique', async () => {
    const runner = new JobRunner(server.deps.db, server.clock);
    let count = 0;
    runner.register({ name: 'test.shared', everyMs: 1_000, mode: 'shared', run: async () => void count++ });
    expect(await runner.runOnce('test.shared')).toBe(true);
    expect(await runner.runOnce('test.shared')).toBe(true);
    expect(count).toBe(2);
    expect(() => runner.register({ name: 'test.shared', everyMs: 1_000, mode: 'shared', run: async () => undefined })).toThrow(/twice/);
    expect(server.jobs.names).not.toContain('test.shared');
    expect(server.jobs.names).toEqual(expect.arrayContaining(['trading.settle', 'trading.pruneTicks', 'ipo.run', 'offerings.gather']));
  });
});
