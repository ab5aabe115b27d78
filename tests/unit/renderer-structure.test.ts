/**
 * The renderer's import structure, read from the source: no import cycles among
 * `renderers/` and `src/app/` files; blocks never import `Screen` or the registry (they render
 * children through the context's `renderBlock`); the core (everything but blocks, dialogs,
 * widgets and market) never imports `renderers/market/`, and market imports nothing of the
 * core but the pure number formats. The same check by hand: `npx madge --circular
 * --extensions ts,tsx renderers src/app`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** Resolves a relative import to a file of ours (or null for packages and assets). */
function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile() && /\.(ts|tsx)$/.test(candidate)) return candidate;
  }
  return null;
}

/** Runtime imports (type-only imports vanish at build time and cannot form a cycle). */
function imports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+'([^']+)'/gm), ...text.matchAll(/^\s*import\s+'([^']+)'/gm)].map((m) => m[1]!);
  return specs.map((spec) => resolve(file, spec)).filter((f): f is string => f !== null);
}

const files = [...sources(path.join(root, 'renderers')), ...sources(path.join(root, 'src/app'))];
const graph = new Map(files.map((file) => [file, imports(file)]));

describe('renderer structure', () => {
  it('has no import cycles', () => {
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (file: string, trail: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') return void cycles.push([...trail.slice(trail.indexOf(file)), file].map(rel).join(' → '));
      state.set(file, 'open');
      for (const next of graph.get(file) ?? []) visit(next, [...trail, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it('blocks import neither Screen nor the registry', () => {
    const offenders = files
      .filter((file) => rel(file).startsWith('renderers/blocks/'))
      .flatMap((file) => (graph.get(file) ?? []).filter((to) => ['renderers/Screen.tsx', 'renderers/registry.ts'].includes(rel(to))).map((to) => `${rel(file)} → ${rel(to)}`));
    expect(offenders).toEqual([]);
  });

  it('core and market do not import each other', () => {
    const plugin = /^renderers\/(blocks|dialogs|widgets|market)\//;
    const core = files.filter((file) => rel(file).startsWith('renderers/') && !plugin.test(rel(file)) && rel(file) !== 'renderers/registry.ts');
    const coreToMarket = core.flatMap((file) => (graph.get(file) ?? []).filter((to) => rel(to).startsWith('renderers/market/')).map((to) => `${rel(file)} → ${rel(to)}`));
    const marketToCore = files
      .filter((file) => rel(file).startsWith('renderers/market/'))
      .flatMap((file) => (graph.get(file) ?? []).filter((to) => rel(to).startsWith('renderers/') && !rel(to).startsWith('renderers/market/') && rel(to) !== 'renderers/formatters/market.ts').map((to) => `${rel(file)} → ${rel(to)}`));
    expect({ coreToMarket, marketToCore }).toEqual({ coreToMarket: [], marketToCore: [] });
    expect(core.length).toBeGreaterThan(10);
  });
});
