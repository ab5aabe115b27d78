/**
 * `GET /api/ui/screens/:id` (server-driven screens): layout plus the data schemas it names,
 * ETag revalidation, unknown and malformed ids, live reload of layouts and schemas from
 * `SCHEMAS_DIR` without a restart, catalogue problems named by file and JSON pointer, and the
 * strict start that refuses an invalid layout.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, PG_ADMIN_URL, startTestServer, testDb, type TestServer } from '../support/server.js';
import { expectCall, expectEnvelopeShape, expectOk, localeText } from '../support/envelope.js';
import { ManualClock } from '../../src/server/clock.js';
import { loadConfig, ROOT_DIR } from '../../src/server/config.js';
import { buildServer } from '../../src/server/app.js';
import type { Envelope } from '../../src/shared/codes.js';

const SCHEMAS = path.join(ROOT_DIR, 'schemas');

interface ScreenData {
  id: string;
  layout: {
    screen: string;
    blocks: Array<Record<string, any>>;
  };
  schemas: Record<string, { properties: Record<string, Record<string, unknown>> }>;
}

let server: TestServer;
/** A server reading a temp copy of `schemas/` that the live-reload tests edit. */
let live: TestServer;
let tmp: string;
let liveDir: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-schemas-'));
  liveDir = path.join(tmp, 'schemas');
  fs.cpSync(SCHEMAS, liveDir, { recursive: true });
  server = await startTestServer();
  live = await startTestServer({ SCHEMAS_DIR: liveDir });
});
afterAll(async () => {
  await server?.stop();
  await live?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function getScreen(target: TestServer, id: string, headers: Record<string, string> = {}) {
  const res = await target.app.inject({ method: 'GET', url: `/api/ui/screens/${id}?lang=en`, headers });
  const body = res.statusCode === 304 ? null : (res.json() as Envelope<ScreenData>);
  if (body) expectEnvelopeShape(body);
  return { status: res.statusCode, body: body!, etag: res.headers.etag as string | undefined, headers: res.headers, raw: res.body };
}

describe('serving screens', () => {
  it('returns layout + schemas.bindBank with an ETag', async () => {
    const res = await getScreen(server, 'bindBank');
    const data = expectOk(res);
    expect(data.id).toBe('bindBank');
    expect(data.layout).toEqual(JSON.parse(fs.readFileSync(path.join(SCHEMAS, 'screens/bindBank.layout.json'), 'utf8')));
    expect(Object.keys(data.schemas)).toEqual(['bindBank']);
    expect(data.schemas.bindBank).toEqual(JSON.parse(fs.readFileSync(path.join(SCHEMAS, 'screens/bindBank.schema.json'), 'utf8')));
    expect(res.etag).toMatch(/^".+"$/);
    expect(res.headers['cache-control']).toBe('no-cache');
    // The same content keeps its ETag.
    expect((await getScreen(server, 'bindBank')).etag).toBe(res.etag);
  });

  it('answers If-None-Match with the current ETag with 304 and no body', async () => {
    const { etag } = await getScreen(server, 'bindBank');
    const res = await getScreen(server, 'bindBank', { 'if-none-match': etag! });
    expect(res.status).toBe(304);
    expect(res.raw).toBe('');
    expect(res.etag).toBe(etag);
    // A stale ETag gets the full screen.
    const stale = await getScreen(server, 'bindBank', { 'if-none-match': '"stale"' });
    expectOk(stale);
  });

  it('serves every shipped layout', async () => {
    const ids = fs.readdirSync(path.join(SCHEMAS, 'screens')).filter((f) => f.endsWith('.layout.json')).map((f) => f.replace('.layout.json', ''));
    expect(ids.length).toBeGreaterThan(5);
    for (const id of ids) {
      const data = expectOk(await getScreen(server, id));
      expect(data.id).toBe(id);
      expect(data.layout.screen).toBe(id);
    }
  });

  it('answers an unknown screen with 1045, HTTP 404', async () => {
    const res = await getScreen(server, 'noSuchScreen');
    expectCall(res, 404, 1045);
    expect(res.etag).toBeUndefined();
  });

  it('answers ids that are not plain names (../x and friends) with 1045', async () => {
    for (const id of [encodeURIComponent('../x'), encodeURIComponent('../screens/bindBank'), encodeURIComponent('bindBank.layout'), 'a%20b', '..%5Cx']) {
      expectCall(await getScreen(server, id), 404, 1045);
    }
  });
});

/** Reads a JSON file of the live copy. */
function readLive<T = any>(relative: string): T {
  return JSON.parse(fs.readFileSync(path.join(liveDir, relative), 'utf8')) as T;
}

/**
 * Writes a JSON file of the live copy. The store notices changes by modification time and
 * size; every edit here also changes the size, so the test does not depend on the file
 * system's timestamp granularity.
 */
function writeLive(relative: string, value: unknown | string): void {
  const file = path.join(liveDir, relative);
  const before = fs.statSync(file).size;
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  expect(Buffer.byteLength(text), `edit of ${relative} must change its size`).not.toBe(before);
  fs.writeFileSync(file, text);
}

function restoreLive(relative: string): void {
  const original = fs.readFileSync(path.join(SCHEMAS, relative), 'utf8');
  if (fs.readFileSync(path.join(liveDir, relative), 'utf8') !== original) writeLive(relative, original);
}

describe('live reload from SCHEMAS_DIR (no restart)', () => {
  const LAYOUT = 'screens/bindBank.layout.json';
  const SCHEMA = 'screens/bindBank.schema.json';
  const formIndex = () => readLive<ScreenData['layout']>(LAYOUT).blocks.findIndex((b) => b.kind === 'form');

  it('shows an edited layout on the next GET with a new ETag', async () => {
    const before = await getScreen(live, 'bindBank');
    const i = formIndex();
    expect(expectOk(before).layout.blocks[i]!.submit.label).toBe('bindBank.submit');

    const layout = readLive(LAYOUT);
    layout.blocks[i].submit.label = 'common.confirm';
    writeLive(LAYOUT, layout);

    const after = await getScreen(live, 'bindBank');
    expect(expectOk(after).layout.blocks[i]!.submit.label).toBe('common.confirm');
    expect(after.etag).toBeDefined();
    expect(after.etag).not.toBe(before.etag);
    // The old ETag no longer matches; the new one does.
    expectOk(await getScreen(live, 'bindBank', { 'if-none-match': before.etag! }));
    expect((await getScreen(live, 'bindBank', { 'if-none-match': after.etag! })).status).toBe(304);

    restoreLive(LAYOUT);
    const restored = await getScreen(live, 'bindBank');
    expect(expectOk(restored).layout.blocks[i]!.submit.label).toBe('bindBank.submit');
    expect(restored.etag).toBe(before.etag);
  });

  it('validates bank/addBank with an edited schema (holderName maxLength 5)', async () => {
    const { token } = await live.registerUser();
    const body = (holderName: string, accountNumber: string) => ({
      holderName, bankName: 'SBI', accountNumber, ifsc: 'SBIN0001234', phone: '9876543210',
    });
    const list = async () => expectOk(await live.call<unknown[]>('bank/get', {}, { token }));

    expectOk(await live.call('bank/addBank', body('Sixsix', '111111111'), { token }));
    expect(await list()).toHaveLength(1);

    const schema = readLive(SCHEMA);
    schema.properties.holderName.maxLength = 5;
    writeLive(SCHEMA, schema);

    const refused = await live.call<{ errors: Array<{ field: string }> }>('bank/addBank', body('Sixsix', '222222222'), { token });
    expectCall(refused, 400, 1000);
    expect(refused.body.message).toBe(`${localeText('en', 'field.holderName')}: ${localeText('en', 'validation.maxLength').replace('{limit}', '5')}`);
    expect(refused.body.data.errors.map((e) => e.field)).toEqual(['holderName']);
    expect(await list()).toHaveLength(1);
    expectOk(await live.call('bank/addBank', body('Fiver', '333333333'), { token }));
    expect(await list()).toHaveLength(2);
    // The screen serves the edited schema too.
    expect(expectOk(await getScreen(live, 'bindBank')).schemas.bindBank!.properties.holderName!.maxLength).toBe(5);

    restoreLive(SCHEMA);
    expectOk(await live.call('bank/addBank', body('Sixsix', '444444444'), { token }));
    expect(await list()).toHaveLength(3);
  });

  it('answers an invalid layout with 1046 naming file and JSON pointer, and recovers when fixed', async () => {
    const good = await getScreen(live, 'bindBank');
    expectOk(good);

    const layout = readLive(LAYOUT);
    layout.blocks[0].kind = 'nope';
    layout.blocks[formIndex()].submit.call = 'bank/doesNotExist';
    writeLive(LAYOUT, layout);

    const bad = await getScreen(live, 'bindBank');
    expectCall(bad, 500, 1046);
    expect(bad.etag).toBeUndefined();
    const problems = (bad.body.data as unknown as { problems: string[] }).problems;
    expect(Array.isArray(problems)).toBe(true);
    expect(problems).toContainEqual(expect.stringMatching(/^screens\/bindBank\.layout\.json#\/blocks\/0\/kind: /));
    expect(problems).toContain(`screens/bindBank.layout.json#/blocks/${formIndex()}/submit/call: call 'bank/doesNotExist' is not a registered route`);
    // Other screens are unaffected.
    expectOk(await getScreen(live, 'login'));

    restoreLive(LAYOUT);
    const fixed = await getScreen(live, 'bindBank');
    expectOk(fixed);
    expect(fixed.etag).toBe(good.etag);
  });

  it('names the problem for an unknown message id, widget and schema', async () => {
    const layout = readLive(LAYOUT);
    const i = formIndex();
    layout.blocks[i].submit.label = 'bindBank.noSuchMessage';
    layout.blocks[i].ui.phone['ui:widget'] = 'slider';
    writeLive(LAYOUT, layout);
    const bad = await getScreen(live, 'bindBank');
    expectCall(bad, 500, 1046);
    const problems = (bad.body.data as unknown as { problems: string[] }).problems;
    expect(problems).toContainEqual(expect.stringMatching(new RegExp(`^screens/bindBank\\.layout\\.json#/blocks/${i}/submit/label: message id 'bindBank\\.noSuchMessage' is missing in de, en, hi, zh$`)));
    expect(problems).toContain(`screens/bindBank.layout.json#/blocks/${i}/ui/phone/ui:widget: widget 'slider' is not in the catalogue`);

    const other = readLive(LAYOUT);
    other.blocks[formIndex()].schema = 'noSuchSchema';
    writeLive(LAYOUT, other);
    const missing = await getScreen(live, 'bindBank');
    expectCall(missing, 500, 1046);
    expect((missing.body.data as unknown as { problems: string[] }).problems).toContainEqual(
      expect.stringMatching(new RegExp(`^screens/bindBank\\.layout\\.json#/blocks/${i}/schema: schema 'noSuchSchema' does not exist`)),
    );
    restoreLive(LAYOUT);
    expectOk(await getScreen(live, 'bindBank'));
  });

  it('answers a layout that is not valid JSON with 1046', async () => {
    writeLive(LAYOUT, '{ "screen": "bindBank", ');
    const bad = await getScreen(live, 'bindBank');
    expectCall(bad, 500, 1046);
    expect((bad.body.data as unknown as { problems: string[] }).problems[0]).toMatch(/^screens\/bindBank\.layout\.json#/);
    restoreLive(LAYOUT);
    expectOk(await getScreen(live, 'bindBank'));
  });

  it('serves a newly added screen and forgets a removed one', async () => {
    const file = 'screens/extraNotice.layout.json';
    fs.writeFileSync(path.join(liveDir, file), JSON.stringify({ screen: 'extraNotice', blocks: [{ kind: 'notice', text: 'bindBank.empty' }] }));
    const added = expectOk(await getScreen(live, 'extraNotice'));
    expect(added.layout.blocks).toEqual([{ kind: 'notice', text: 'bindBank.empty' }]);
    fs.rmSync(path.join(liveDir, file));
    expectCall(await getScreen(live, 'extraNotice'), 404, 1045);
  });
});

describe('strict start', () => {
  /** A schemas copy whose bindBank layout has block kind `nope`. */
  function invalidSchemasDir(): string {
    const dir = path.join(tmp, `invalid-${Math.random().toString(36).slice(2)}`);
    fs.cpSync(SCHEMAS, dir, { recursive: true });
    const file = path.join(dir, 'screens/bindBank.layout.json');
    const layout = JSON.parse(fs.readFileSync(file, 'utf8'));
    layout.blocks[0].kind = 'nope';
    fs.writeFileSync(file, JSON.stringify(layout));
    return dir;
  }

  it('buildServer with strictScreens refuses an invalid layout, naming file and pointer', async () => {
    const dataDir = fs.mkdtempSync(path.join(tmp, 'data-'));
    const pgDb = testDb() === 'pg' ? await createPgDatabase() : null;
    try {
      const config = loadConfig({
        NIVESH_MODE: 'demo', DATA_DIR: dataDir, DATABASE_URL: pgDb?.url ?? '', SCHEMAS_DIR: invalidSchemasDir(), LOG_LEVEL: 'warn',
        CLIENT_DIR: path.join(dataDir, 'no-client'),
      });
      await expect(buildServer(config, { clock: new ManualClock(), logger: false, strictScreens: true })).rejects.toThrow(
        /screens\/bindBank\.layout\.json#\/blocks\/0\/kind: must be one of/,
      );

      // The refused start released its database.
      if (pgDb) {
        const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
        await admin.connect();
        try {
          let open = -1;
          for (let i = 0; i < 50 && open !== 0; i++) {
            if (i) await new Promise((r) => setTimeout(r, 50));
            const result = await admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [pgDb.name]);
            open = result.rows[0].n as number;
          }
          expect(open).toBe(0);
        } finally {
          await admin.end();
        }
      } else {
        // better-sqlite3 removes the WAL file when the last connection closes.
        expect(fs.readdirSync(dataDir).filter((f) => f.startsWith('nivesh.sqlite'))).toEqual(['nivesh.sqlite']);
      }
    } finally {
      await pgDb?.drop();
    }
  });

  it('buildServer without strictScreens starts and reports the problem per request', async () => {
    const config = loadConfig({ DATA_DIR: fs.mkdtempSync(path.join(tmp, 'data-')), SCHEMAS_DIR: invalidSchemasDir(), LOG_LEVEL: 'warn', DATABASE_URL: '' });
    const lenient = await buildServer(config, { clock: new ManualClock(), logger: false });
    try {
      const res = await lenient.app.inject({ method: 'GET', url: '/api/ui/screens/bindBank?lang=en' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ code: 1046, data: { problems: [expect.stringMatching(/^screens\/bindBank\.layout\.json#\/blocks\/0\/kind/)] } });
    } finally {
      await lenient.close();
    }
  });

  it('startTestServer (strict) refuses the same directory', async () => {
    await expect(startTestServer({ SCHEMAS_DIR: invalidSchemasDir() })).rejects.toThrow(/screen layouts fail the catalogue/);
  });
});
