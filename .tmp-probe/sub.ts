import fs from 'node:fs';
// print subtree totals of functions matching a name, aggregated over all occurrences
const profile = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8'));
const N = Number(process.argv[4] ?? 5000);
const byId = new Map<number, any>(profile.nodes.map((n: any) => [n.id, n]));
const self = new Map<number, number>();
const mean = (profile.endTime - profile.startTime) / profile.samples.length;
profile.samples.forEach((id: number, i: number) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? mean)));
const incl = new Map<number, number>();
const walk = (id: number): number => { const n = byId.get(id); let t = self.get(id) ?? 0; for (const c of n.children ?? []) t += walk(c); incl.set(id, t); return t; };
walk(profile.nodes[0].id);
const pat = new RegExp(process.argv[3]!);
// children aggregated by name under matching nodes
const agg = new Map<string, number>();
let total = 0;
const visit = (id: number, inside: boolean) => {
  const n = byId.get(id);
  const name = n.callFrame.functionName || '(anon)';
  const match = !inside && pat.test(name + ' ' + n.callFrame.url);
  if (match) { total += incl.get(id)!; for (const c of n.children ?? []) { const cn = byId.get(c); const k = (cn.callFrame.functionName || '(anon)') + ' ' + cn.callFrame.url.replace(/.*node_modules\//, '').replace(/.*\/src\//, 'src/'); agg.set(k, (agg.get(k) ?? 0) + incl.get(c)!); } agg.set('(self)', (agg.get('(self)') ?? 0) + (self.get(id) ?? 0)); }
  for (const c of n.children ?? []) visit(c, inside || match);
};
visit(profile.nodes[0].id, false);
console.log(`total ${(total / N).toFixed(1)} µs/req`);
for (const [k, v] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${(v / N).toFixed(1).padStart(8)} µs/req  ${k}`);
