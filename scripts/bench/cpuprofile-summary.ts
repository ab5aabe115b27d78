/**
 * Summary of a V8 `.cpuprofile` (node `--cpu-prof`, DevTools, or `profile-purchase.ts`):
 * - where the sampled time went: JavaScript, garbage collection, idle, the program (native);
 * - the top functions by self time and by total time (a function counts once per sample
 *   however often it recurs in the stack), in ms and, with `requests`, µs per request;
 * - self time by source: each package under node_modules, node's own modules, each of our files;
 * - the call tree from the root, pruned below a share of the sampled time.
 *
 * `npx tsx scripts/bench/cpuprofile-summary.ts <file.cpuprofile> [requests]`.
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

/** The parts of V8's profile format read here. */
export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }>;
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Options of {@link summarize}. */
export interface SummaryOptions {
  /** Requests served while sampling: figures also per request (µs). */
  requests?: number;
  /** Rows of each top list (default 30). */
  top?: number;
  /** Call-tree nodes below this share of the sampled time are left out (default 0.01 = 1 %). */
  treeMin?: number;
  /** Deepest call-tree level shown (default 40). */
  treeDepth?: number;
}

type Node = CpuProfile['nodes'][number];

/** A short, stable place of a frame: `file:line` relative to the project, packages by name. */
function place(node: Node): string {
  const { url, lineNumber } = node.callFrame;
  if (!url) return '';
  return `${shortUrl(url)}:${lineNumber + 1}`;
}

function shortUrl(url: string): string {
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) return url.slice(modules + '/node_modules/'.length);
  const root = url.indexOf('/src/') >= 0 ? url.indexOf('/src/') : url.indexOf('/scripts/');
  if (root >= 0) return url.slice(root + 1);
  return url.replace(/^file:\/\//, '');
}

/** The source a frame's self time is charged to: a package, `node:<module>`, our file, or V8. */
function source(node: Node): string {
  const { url, functionName } = node.callFrame;
  if (!url) return `(${functionName || 'native'})`;
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return url;
  return shortUrl(url);
}

const label = (node: Node): string => `${node.callFrame.functionName || '(anonymous)'} ${place(node)}`.trim();

/**
 * The summary as text.
 * @param profile a parsed `.cpuprofile`.
 */
export function summarize(profile: CpuProfile, options: SummaryOptions = {}): string {
  const top = options.top ?? 30;
  const treeMin = options.treeMin ?? 0.01;
  const treeDepth = options.treeDepth ?? 40;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  // Sample i lasted timeDeltas[i + 1] µs (the gap to the next sample); the last one the mean.
  const mean = (profile.endTime - profile.startTime) / Math.max(1, profile.samples.length);
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? mean)));
  const totalUs = [...selfUs.values()].reduce((a, b) => a + b, 0);

  // Inclusive time per node (subtree) and per function (once per sample).
  const inclusive = new Map<number, number>();
  const fnTotal = new Map<string, number>();
  const fnSelf = new Map<string, number>();
  for (const [id, us] of selfUs) {
    fnSelf.set(label(byId.get(id)!), (fnSelf.get(label(byId.get(id)!)) ?? 0) + us);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      inclusive.set(at, (inclusive.get(at) ?? 0) + us);
      const name = label(byId.get(at)!);
      if (!seen.has(name)) {
        seen.add(name);
        fnTotal.set(name, (fnTotal.get(name) ?? 0) + us);
      }
    }
  }
  const bySource = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const key = source(byId.get(id)!);
    bySource.set(key, (bySource.get(key) ?? 0) + us);
  }

  const requests = options.requests;
  const figure = (us: number) => {
    const ms = (us / 1000).toFixed(1).padStart(8);
    const share = `${((us / totalUs) * 100).toFixed(1)} %`.padStart(8);
    return requests ? `${ms} ms ${share} ${(us / requests).toFixed(1).padStart(7)} µs/req` : `${ms} ms ${share}`;
  };
  const lines: string[] = [];
  lines.push(`sampled ${(totalUs / 1000).toFixed(0)} ms in ${profile.samples.length} samples${requests ? `, ${requests} requests: ${(totalUs / requests).toFixed(1)} µs per request (idle included)` : ''}`);
  const special = ['(idle)', '(garbage collector)', '(program)'];
  for (const name of special) {
    const us = [...selfUs].filter(([id]) => byId.get(id)!.callFrame.functionName === name).reduce((a, [, b]) => a + b, 0);
    lines.push(`  ${name.padEnd(22)} ${figure(us)}`);
  }
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]).slice(0, top);
  lines.push('', `top ${top} by self time:`);
  for (const [name, us] of sorted(fnSelf)) lines.push(`  ${figure(us)}  ${name}`);
  lines.push('', `top ${top} by self time per source:`);
  for (const [name, us] of sorted(bySource)) lines.push(`  ${figure(us)}  ${name}`);
  lines.push('', `top ${top} by total time (self + callees):`);
  for (const [name, us] of sorted(fnTotal).filter(([name]) => !name.startsWith('(root)'))) lines.push(`  ${figure(us)}  ${name}`);
  lines.push('', `call tree (nodes ≥ ${(treeMin * 100).toFixed(1)} % of the sampled time; total, then self):`);
  const walk = (id: number, depth: number) => {
    const node = byId.get(id)!;
    const us = inclusive.get(id) ?? 0;
    if (us < totalUs * treeMin || depth > treeDepth) return;
    lines.push(`${figure(us)} ${((selfUs.get(id) ?? 0) / 1000).toFixed(1).padStart(7)} ${'  '.repeat(depth)}${label(node)}`);
    const children = [...(node.children ?? [])].sort((a, b) => (inclusive.get(b) ?? 0) - (inclusive.get(a) ?? 0));
    for (const child of children) walk(child, depth + 1);
  };
  walk(profile.nodes[0]!.id, 0);
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: npx tsx scripts/bench/cpuprofile-summary.ts <file.cpuprofile> [requests]');
    process.exit(2);
  }
  const requests = process.argv[3] ? Number(process.argv[3]) : undefined;
  console.log(summarize(JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile, { requests }));
}
