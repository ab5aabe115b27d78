/**
 * The `pattern`s code owns: every `pattern` and `patternProperties` key in the call contracts
 * and payloads (`schemas/contracts/`, `schemas/api/`), written by engineers and run on
 * JavaScript's `RegExp` wherever they appear. `npm run gen` writes them, sorted, to
 * `src/shared/generated/code-owned-patterns.json`; the pattern engine of screen schemas
 * (`src/shared/linear-regexp.ts`) runs these on `RegExp` and every other on RE2.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { GeneratedFile } from './catalogue.js';

/** Where the list is written (relative to the repository root). */
export const CODE_OWNED_PATTERNS_FILE = 'src/shared/generated/code-owned-patterns.json';

/** Adds every pattern source text in `node` to `into`. */
function collect(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) collect(item, into);
    return;
  }
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (key === 'pattern' && typeof value === 'string') into.add(value);
    if (key === 'patternProperties' && value && typeof value === 'object') for (const source of Object.keys(value)) into.add(source);
    collect(value, into);
  }
}

/** `src/shared/generated/code-owned-patterns.json`: the sorted pattern texts. */
export function patternFiles(root: string): GeneratedFile[] {
  const found = new Set<string>();
  for (const folder of ['contracts', 'api']) {
    const dir = path.join(root, 'schemas', folder);
    for (const name of fs.readdirSync(dir).filter((file) => file.endsWith('.json')).sort()) {
      collect(JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')), found);
    }
  }
  return [{ file: CODE_OWNED_PATTERNS_FILE, content: `${JSON.stringify([...found].sort(), null, 2)}\n` }];
}
