/**
 * `npm run screens:export` writes the published versions back to `schemas/` for review in
 * git, and `npm run screens:import` submits files that differ from what is served as change
 * requests (with the studio's checks) that a second editor approves. Runs the real scripts against the test
 * server's database (SQLite file or PostgreSQL) and a temp copy of `schemas/`.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { expectOk } from '../support/envelope.js';
import { approve, editorToken, publishApproved } from '../support/studio.js';
import { ROOT_DIR } from '../../src/server/config.js';
import { refreshPublished } from '../../src/server/domain/studio/sync.js';

const run = promisify(execFile);
let server: TestServer;
let tmp: string;
let schemasDir: string;
let editor: string;
let editor2: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-studio-files-'));
  schemasDir = path.join(tmp, 'schemas');
  fs.cpSync(path.join(ROOT_DIR, 'schemas'), schemasDir, { recursive: true });
  server = await startTestServer({ SCHEMAS_DIR: schemasDir });
  editor = await editorToken(server);
  editor2 = await editorToken(server);
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const script = (name: string, args: string[] = []) =>
  run(process.execPath, ['--import', 'tsx', path.join(ROOT_DIR, `scripts/studio/${name}.ts`), ...args], {
    cwd: ROOT_DIR,
    env: { ...process.env, DATA_DIR: server.config.dataDir, SCHEMAS_DIR: schemasDir, DATABASE_URL: server.config.databaseUrl ?? '', LOG_LEVEL: 'warn', NIVESH_MODE: 'demo' },
    timeout: 120_000,
  });
const layoutFile = () => path.join(schemasDir, 'screens/bindBank.layout.json');

describe('screens:export and screens:import', () => {
  it('export writes the published version to the files; import publishes changed files', async () => {
    const { layout } = expectOk(await server.call<{ layout: Record<string, unknown> }>('studio/screens/get', { id: 'bindBank' }, { token: editor }));
    await publishApproved(server, editor, editor2, { id: 'bindBank', layout: { ...layout, title: 'bindBank.listTitle' }, note: 'for export' });

    const exported = await script('screens-export');
    expect(exported.stdout).toContain('bindBank.layout.json');
    expect(JSON.parse(fs.readFileSync(layoutFile(), 'utf8')).title).toBe('bindBank.listTitle');

    // Someone edits the file in git; import makes it the next version.
    const edited = { ...JSON.parse(fs.readFileSync(layoutFile(), 'utf8')), title: 'bindBank.addTitle' };
    fs.writeFileSync(layoutFile(), JSON.stringify(edited, null, 2));
    const imported = await script('screens-import', ['--note', 'from git']);
    const changeId = /bindBank: change (\S+) awaits approval/.exec(imported.stdout)?.[1];
    expect(changeId, imported.stdout).toBeTruthy();
    await refreshPublished(server.deps, server.store); // a single process learns of it on its next start or refresh
    expect(expectOk(await server.call<{ layout: { title: string } }>('studio/screens/get', { id: 'bindBank' }, { token: editor })).layout.title).toBe('bindBank.listTitle');
    // The import's author is the first editor; an editor made after it approves.
    expect(await approve(server, await editorToken(server), { changeId: changeId!, status: 'pending' })).toMatchObject({ version: 2 });
    const versions = expectOk(await server.call<Array<{ version: number; note: string }>>('studio/screens/versions', { id: 'bindBank' }, { token: editor }));
    expect(versions.slice(0, 2)).toMatchObject([{ version: 2, note: 'from git' }, { version: 1, note: 'for export' }]);
    const served = await server.app.inject({ method: 'GET', url: '/api/ui/screens/bindBank' });
    expect(served.json().data.layout.title).toBe('bindBank.addTitle');

    // A broken file is reported and not published.
    fs.writeFileSync(layoutFile(), JSON.stringify({ ...edited, blocks: [{ kind: 'carousel3d' }] }));
    const refused = await script('screens-import').catch((error: { code: number; stderr: string }) => error);
    expect((refused as { code: number }).code).toBe(1);
    expect((refused as { stderr: string }).stderr).toContain('bindBank: not submitted');
    expect((refused as { stderr: string }).stderr).toContain('/layout/blocks/0');
  }, 300_000); // three script runs, each starting a server: slow on a busy machine
});
