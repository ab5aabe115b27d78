/**
 * An approved studio change reaches every server process without a restart (through the cache bus). Two servers share
 * one PostgreSQL database and Redis (the shared mode, as several processes run it); an editor
 * publishes on the first, a second editor approves, the second server serves the new screen
 * and text without a restart. Runs with TEST_DB=pg when Redis answers (one process on
 * SQLite has nothing to notify: tests/api/studio.test.ts covers it).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, startTestServer, testDb, type TestServer } from '../support/server.js';
import { clusterServicesUp, REDIS_URL, until } from '../support/cluster.js';
import { expectOk } from '../support/envelope.js';
import { editorToken, publishApproved, rollbackApproved, saveTextsApproved } from '../support/studio.js';

const enabled = testDb() === 'pg' && (await clusterServicesUp());

describe.skipIf(!enabled)('two processes', () => {
  let a: TestServer;
  let b: TestServer;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const shared = await createPgDatabase();
    drop = shared.drop;
    const env = { DATABASE_URL: shared.url, REDIS_URL, REDIS_PREFIX: `studio-${randomBytes(4).toString('hex')}:` };
    a = await startTestServer(env);
    b = await startTestServer(env);
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await drop?.();
  });

  const title = async (server: TestServer) => {
    const res = await server.app.inject({ method: 'GET', url: '/api/ui/screens/bindBank?lang=en' });
    return { title: res.json().data.layout.title as string, etag: res.headers.etag as string };
  };
  const text = async (server: TestServer, id: string) => {
    const res = await server.app.inject({ method: 'GET', url: '/api/ui/messages/en' });
    return (res.json() as Record<string, string>)[id];
  };

  it('the second process serves a publish of the first without a restart', async () => {
    expect(a.cluster.shared && b.cluster.shared).toBe(true);
    const editor = await editorToken(a);
    const editor2 = await editorToken(a);
    const before = await title(b);
    expect(before.title).toBe('bindBank.title');
    for (const lang of ['de', 'en', 'hi', 'zh']) await saveTextsApproved(a, editor, editor2, lang, { 'bindBank.titleTwo': `Two processes (${lang})` });
    await until(async () => (await text(b, 'bindBank.titleTwo')) === 'Two processes (en)', 15_000, 'the text on the second process');
    const { layout } = expectOk(await a.call<{ layout: Record<string, unknown> }>('studio/screens/get', { id: 'bindBank' }, { token: editor }));
    await publishApproved(a, editor, editor2, { id: 'bindBank', layout: { ...layout, title: 'bindBank.titleTwo' }, note: 'seen everywhere' });
    expect((await title(a)).title).toBe('bindBank.titleTwo'); // the publisher at once
    await until(async () => (await title(b)).title === 'bindBank.titleTwo', 15_000, 'the screen on the second process');
    expect((await title(b)).etag).not.toBe(before.etag);
    // Rolling back travels the same way.
    await rollbackApproved(a, editor, editor2, 'bindBank', 0);
    await until(async () => (await title(b)).title === 'bindBank.title', 15_000, 'the rollback on the second process');
  });
});
