/**
 * `npm run bench`: runs every `scripts/bench/*.bench.ts` (each exports `run()` returning
 * figures) and prints them. Figures, not pass/fail: speed and memory are reported, never
 * asserted in tests. `npm run bench -- ledger` runs only files whose name contains "ledger".
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT_DIR } from '../src/server/config.js';

/** One measured figure. */
export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  /** What it is compared with, measured in the same run. */
  note?: string;
}

const dir = path.join(ROOT_DIR, 'scripts/bench');
const filter = process.argv[2];
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.bench.ts') && (!filter || f.includes(filter))).sort();
console.log(`node ${process.version}, ${files.length} bench file(s)\n`);
for (const file of files) {
  const module = (await import(pathToFileURL(path.join(dir, file)).href)) as { run: () => Promise<BenchFigure[]> };
  console.log(`## ${file}`);
  for (const figure of await module.run()) {
    const value = figure.value >= 100 ? Math.round(figure.value).toLocaleString('en') : figure.value.toFixed(2);
    console.log(`  ${figure.name.padEnd(58)} ${value.padStart(12)} ${figure.unit}${figure.note ? `   (${figure.note})` : ''}`);
  }
  console.log('');
}
