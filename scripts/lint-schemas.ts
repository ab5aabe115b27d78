/**
 * `npm run lint:schemas`: validates every screen layout against `schemas/layout.meta.json`
 * and the live call registry, every schema's message ids against the locales, every screen
 * schema against its call's contract (`schemas/contracts/`), and every QA case
 * file (`tests/cases/*.case.json`) against `schemas/cases.meta.json`. Prints
 * `file#/json/pointer: message` per problem and exits 1 when there is any.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { loadConfig } from '../src/server/config.js';
import { buildServer } from '../src/server/app.js';
import { formatProblems, lintSchema } from '../src/server/screens/lint.js';
import { LOCALES } from '../src/shared/lang.js';
import { lintCaseFolder } from '../tests/qa/lint-cases.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-lint-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' });
const server = await buildServer(config, { logger: false });
try {
  const problems = server.store.lintAll();
  // Code-owned payloads and call contracts; screen schemas are checked against
  // their contracts by lintAll above.
  const codeOwned = ['api', 'contracts'].flatMap((folder) =>
    fs.readdirSync(path.join(config.schemasDir, folder)).filter((n) => n.endsWith('.schema.json')).map((n) => `${folder}/${n}`),
  );
  for (const file of codeOwned) {
    problems.push(
      ...lintSchema(file, server.store.readJson(file), {
        missingIn: (id) => LOCALES.filter((locale) => !server.deps.messages.has(locale, id)),
      }),
    );
  }
  const root = path.resolve(import.meta.dirname, '..');
  const caseProblems = lintCaseFolder(path.join(root, 'tests/cases'), root);
  problems.push(...caseProblems.map((p) => ({ file: p.file, pointer: p.pointer, message: p.message })));
  const screens = server.store.screenIds();
  if (problems.length) {
    console.error(formatProblems(problems));
    console.error(`\n${problems.length} problem(s) in ${screens.length} screen(s).`);
    process.exitCode = 1;
  } else {
    console.log(`${screens.length} screens and their schemas pass the catalogue.`);
  }
} finally {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
