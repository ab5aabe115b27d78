/**
 * Bundle budgets, checked at the end of every client build by the Vite plugin in
 * `vite.config.ts`: first-load JS of the entry route and the form chunk, gzip bytes. The
 * build fails when one is over; the figures are printed and written to
 * `dist/client/budget-report.json`.
 */
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rollup';

/** One budget: the JS a page or feature loads, as chunks reached from modules matching `roots`. */
export interface Budget {
  name: string;
  /** Module id patterns; every chunk holding one, with its static imports, counts. */
  roots: RegExp[];
  /** Count the entry chunk (and its static imports) too. */
  withEntry: boolean;
  /** Budget in gzip bytes: the build fails above it. */
  maxGzip: number;
  /** The issue's goal in gzip bytes when the enforced budget is not there yet (reported). */
  goalGzip?: number;
}

/** One measured budget. */
export interface BudgetFigure {
  name: string;
  gzip: number;
  max: number;
  goal: number;
  chunks: Array<{ file: string; gzip: number }>;
}

/** The bundle budgets (gzip bytes). */
export const BUDGETS: Budget[] = [
  {
    // The entry route: shell, renderer and the home screen's market blocks. The bundled locale
    // chunks are not counted: they load only offline without a cached copy of the messages
    // (`src/app/i18n.ts`), the first load fetches `/api/ui/messages/<locale>` (preloaded).
    name: 'first-load JS /home',
    roots: [/renderers\/Screen\.tsx$/, /renderers\/blocks\/market\.ts$/],
    withEntry: true,
    // The issue's goal. Built with preact/compat (vite.config.ts), it measured 67.4 KB.
    maxGzip: 110 * 1024,
  },
  {
    // What a form adds to a loaded shell: rjsf and the form block (no ajv: validators are precompiled).
    name: 'form chunk',
    roots: [/renderers\/blocks\/form\/FormBlock\.tsx$/],
    withEntry: false,
    maxGzip: 60 * 1024,
  },
];

const gzipSize = (code: string) => zlib.gzipSync(code, { level: 9 }).length;

/** Measures `budgets` over a Rollup output bundle. Pure apart from gzip. */
export function measureBudgets(bundle: OutputBundle, budgets: Budget[] = BUDGETS): BudgetFigure[] {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: OutputChunk[], into = new Set<string>()) => {
    const stack = [...start];
    while (stack.length) {
      const chunk = stack.pop()!;
      if (into.has(chunk.fileName)) continue;
      into.add(chunk.fileName);
      for (const file of chunk.imports) if (byFile.has(file)) stack.push(byFile.get(file)!);
    }
    return into;
  };
  const entryFiles = closure(chunks.filter((chunk) => chunk.isEntry));
  return budgets.map((budget) => {
    const roots = chunks.filter((chunk) => chunk.moduleIds.some((id) => budget.roots.some((pattern) => pattern.test(id))));
    const files = closure(roots, budget.withEntry ? new Set(entryFiles) : new Set());
    if (!budget.withEntry) for (const file of entryFiles) files.delete(file);
    const list = [...files].map((file) => ({ file, gzip: gzipSize(byFile.get(file)!.code) })).sort((a, b) => b.gzip - a.gzip);
    return { name: budget.name, gzip: list.reduce((sum, chunk) => sum + chunk.gzip, 0), max: budget.maxGzip, goal: budget.goalGzip ?? budget.maxGzip, chunks: list };
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Vite plugin: prints the budget figures, writes `budget-report.json`, fails over budget. */
export function bundleBudgets(budgets: Budget[] = BUDGETS): Plugin {
  return {
    name: 'nivesh:bundle-budgets',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const figures = measureBudgets(bundle, budgets);
      const lines = figures.map((f) => `  ${f.gzip > f.max ? 'OVER' : f.gzip > f.goal ? 'goal' : 'ok  '} ${f.name.padEnd(22)} ${kb(f.gzip).padStart(9)} gzip, budget ${kb(f.max)}${f.goal < f.max ? `, goal ${kb(f.goal)}` : ''}  (${f.chunks.map((c) => `${c.file.replace(/^assets\//, '')} ${kb(c.gzip)}`).join(', ')})`);
      this.info(`bundle budgets:\n${lines.join('\n')}`);
      if (process.env.BUDGETS_DETAIL) {
        // Which modules weigh most (rendered bytes before minification), per counted chunk.
        for (const figure of figures) {
          for (const { file } of figure.chunks) {
            const chunk = bundle[file] as OutputChunk;
            const top = Object.entries(chunk.modules).sort((a, b) => b[1].renderedLength - a[1].renderedLength).slice(0, 12);
            this.info(`${file}: ${top.map(([id, m]) => `${id.replace(/^.*node_modules\//, '').slice(-60)} ${kb(m.renderedLength)}`).join(' | ')}`);
          }
        }
      }
      this.emitFile({ type: 'asset', fileName: 'budget-report.json', source: JSON.stringify(figures, null, 2) });
      const over = figures.filter((f) => f.gzip > f.max);
      if (over.length && process.env.BUDGETS !== 'off') this.error(`bundle over budget: ${over.map((f) => `${f.name} ${kb(f.gzip)} > ${kb(f.max)}`).join('; ')}`);
    },
  };
}
