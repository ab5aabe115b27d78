/**
 * The layer rules (`.dependency-cruiser.cjs`) hold for the code, and docs/architecture.md's layer
 * table says what the rule file says: `npm run lint:layers` (dependency-cruiser over `src/` and
 * `renderers/`) exits 0, and every layer of the rule file has a row in the table whose "may
 * import" column names exactly its allowed layers, with a note in parentheses (at least) where an
 * edge is limited to some files, to some importers or to types.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

interface Edge {
  layer: string;
  files?: string;
  from?: string;
  typeOnly?: boolean;
}
interface Layer {
  name: string;
  folder: string;
  may: Edge[];
}

const root = path.resolve(__dirname, '../..');
const { LAYERS } = createRequire(__filename)(path.join(root, '.dependency-cruiser.cjs')) as { LAYERS: Layer[] };

/** Splits a table cell at commas outside parentheses. */
function items(cell: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of cell) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (char === ',' && depth === 0) {
      out.push(current.trim());
      current = '';
    } else current += char;
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

/** The layer table of docs/architecture.md: folder → the items of its "may import" cell. */
function table(): Map<string, string[]> {
  const text = fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
  const section = text.slice(text.indexOf('## Layers'), text.indexOf('\n## ', text.indexOf('## Layers') + 1));
  const rows = new Map<string, string[]>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const folder = /^`([^`]+)`$/.exec(cells[1] ?? '')?.[1];
    if (!folder) continue;
    const may = cells[cells.length - 2] ?? '';
    rows.set(folder, may === 'nothing of ours' ? [] : items(may));
  }
  return rows;
}

describe('layers', () => {
  it('every import of src/ and renderers/ follows .dependency-cruiser.cjs (npm run lint:layers)', () => {
    const run = spawnSync('npx', ['depcruise', 'src', 'renderers', '--config', '.dependency-cruiser.cjs'], { cwd: root, encoding: 'utf8' });
    expect(run.stdout + run.stderr).toContain('no dependency violations found');
    expect(run.status).toBe(0);
  }, 180_000);

  it("docs/architecture.md's layer table says what the rule file says", () => {
    const rows = table();
    expect([...rows.keys()].sort()).toEqual(LAYERS.map((layer) => layer.folder).sort());
    for (const layer of LAYERS) {
      const cell = rows.get(layer.folder)!;
      const named = cell.map((item) => item.replace(/\(.*\)/, '').trim());
      expect({ folder: layer.folder, may: named }).toEqual({ folder: layer.folder, may: layer.may.map((edge) => edge.layer) });
      const noted = cell.filter((item) => item.includes('(')).map((item) => item.replace(/\(.*\)/, '').trim());
      const limited = layer.may.filter((edge) => edge.files || edge.from || edge.typeOnly).map((edge) => edge.layer);
      expect({ folder: layer.folder, unnoted: limited.filter((name) => !noted.includes(name)) }).toEqual({ folder: layer.folder, unnoted: [] });
    }
  });
});
