/**
 * Finds and reads `tests/cases/*.case.json`. `CASES` (set by `npm run test:cases -- <file or
 * glob>`) narrows the set: comma-separated paths or globs, relative to the repository.
 */
import fs from 'node:fs';
import path from 'node:path';
import { globSync } from 'tinyglobby';
import type { QaCase } from './types';

/** The repository root. */
export const ROOT = path.resolve(import.meta.dirname, '../..');

/** The case files to run (absolute paths, sorted). */
export function caseFiles(selection = process.env.CASES): string[] {
  const patterns = selection ? selection.split(',').map((p) => p.trim()).filter(Boolean) : ['tests/cases/*.case.json'];
  const files = patterns.flatMap((pattern) => {
    const absolute = path.resolve(ROOT, pattern);
    if (fs.existsSync(absolute) && fs.statSync(absolute).isFile()) return [absolute];
    const relative = path.relative(ROOT, absolute).split(path.sep).join('/');
    return globSync(relative, { cwd: ROOT, absolute: true });
  });
  return [...new Set(files)].sort();
}

/** One case file's content (not linted: `npm run lint:schemas` does that). */
export const readCase = (file: string): QaCase => JSON.parse(fs.readFileSync(file, 'utf8')) as QaCase;
