/**
 * `npm run screens:export`: writes what the studio published back to the files for
 * review in git — the latest version of every published screen to
 * `schemas/screens/<id>.layout.json` (+ `<id>.schema.json`), and the published texts into
 * `locales/<lang>.json` (new ids appended). Uses the configured database (`DATABASE_URL` or
 * SQLite under `DATA_DIR`). The database keeps its versions; the files become what is served.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../src/server/config.js';
import { openDb } from '../../src/server/db/index.js';
import { loadMessageOverrides, loadPublished } from '../../src/server/domain/studio/sync.js';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

const config = loadConfig();
const db = await openDb(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'sqlite', file: path.join(config.dataDir, 'nivesh.sqlite') });
try {
  const written: string[] = [];
  for (const screen of await loadPublished({ db })) {
    const layoutFile = path.join(config.schemasDir, 'screens', `${screen.id}.layout.json`);
    fs.writeFileSync(layoutFile, json(screen.layout));
    written.push(path.relative(process.cwd(), layoutFile));
    if (screen.schema) {
      const schemaFile = path.join(config.schemasDir, 'screens', `${screen.id}.schema.json`);
      fs.writeFileSync(schemaFile, json(screen.schema));
      written.push(path.relative(process.cwd(), schemaFile));
    }
  }
  for (const [lang, texts] of Object.entries(await loadMessageOverrides({ db }))) {
    const file = path.join(config.localesDir, `${lang}.json`);
    const current = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
    fs.writeFileSync(file, json({ ...current, ...texts }));
    written.push(`${path.relative(process.cwd(), file)} (${Object.keys(texts).length} texts)`);
  }
  console.log(written.length ? `wrote\n  ${written.join('\n  ')}` : 'nothing published in the studio yet');
} finally {
  await db.destroy();
}
