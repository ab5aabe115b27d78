/**
 * `npm run screens:import [-- --email editor@example.com] [--note "…"]`: the reverse of
 * `screens:export` — every screen whose files differ from what is served becomes a change
 * request (same checks as the studio: catalogue, calls, texts, contract), authored by the
 * given editor (default: the first editor); other editors approve it in the studio like any
 * change. Screens that fail are reported and not submitted. Running servers learn of an
 * approved change through the cache bus when Redis is configured; a single server re-reads the
 * database on its next start.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { loadConfig } from '../../src/server/config.js';
import { buildServer } from '../../src/server/app.js';
import { studioContext } from '../../src/server/routes/studio.js';
import { latestVersion } from '../../src/server/domain/studio/screens.js';
import { publishScreen } from '../../src/server/domain/studio/changes.js';
import { normalizeEmail } from '../../src/server/domain/users.js';
import { AppError } from '../../src/server/domain/errors.js';
import type { SchemaNode } from '../../src/shared/validation.js';

const { values } = parseArgs({ options: { email: { type: 'string' }, note: { type: 'string', default: 'imported from schemas/' } } });
const config = loadConfig();
// No client is served and no market runs for an import.
const server = await buildServer({ ...config, clientDir: fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-import-')) }, { logger: false });
let failures = 0;
let published = 0;
try {
  const users = server.deps.db.selectFrom('users').select(['id', 'email']).where('role', '=', 'editor');
  const author = await (values.email ? users.where('email', '=', normalizeEmail(values.email)) : users.orderBy('created_at')).executeTakeFirst();
  if (!author) throw new Error(values.email ? `no editor ${values.email}` : 'no editor exists: npm run user:create -- --role editor --email …');
  const ctx = studioContext(server.deps, server.store, server.cluster.bus);
  for (const id of server.store.screenIds()) {
    const layout = server.store.readFileJson<Record<string, unknown>>(`screens/${id}.layout.json`)!;
    const schema = server.store.readFileJson<SchemaNode>(`screens/${id}.schema.json`) ?? undefined;
    const served = { layout: server.store.readJson(`screens/${id}.layout.json`), schema: server.store.readJson(`screens/${id}.schema.json`) ?? undefined };
    if (isDeepStrictEqual({ layout, schema }, served)) continue;
    try {
      const baseVersion = await latestVersion(server.deps.db, id);
      const result = await publishScreen(ctx, author.id, { id, layout, ...(schema ? { schema } : {}), note: values.note!, baseVersion });
      published += 1;
      console.log(result.status === 'published' ? `${id}: published version ${result.version}` : `${id}: change ${result.changeId} awaits approval`);
    } catch (error) {
      failures += 1;
      const errors = error instanceof AppError ? ((error.data as { errors?: Array<{ pointer: string; message: string }> })?.errors ?? []) : [];
      console.error(`${id}: not submitted (${(error as Error).message})${errors.map((e) => `\n  ${e.pointer}: ${e.message}`).join('')}`);
    }
  }
  if (!published && !failures) console.log('every screen is served as its files say: nothing to import');
} finally {
  await server.close();
}
process.exitCode = failures ? 1 : 0;
