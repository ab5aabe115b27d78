/**
 * One writer of money and of holdings, checked on the server's source: statements that write
 * `postings`, `journal_entries` or `wallet_balances` appear only in `domain/ledger/`, and ones
 * that write `positions` or `trades` only in `domain/holdings/` (migrations aside). A new
 * writer elsewhere fails here with its file and line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../src/server/config.js';

const SERVER = path.join(ROOT_DIR, 'src/server');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Lines outside `owner` that write one of `tables` (Kysely builders or raw SQL). */
function writersOutside(owner: string, tables: string[]): string[] {
  const names = tables.join('|');
  const pattern = new RegExp(`(insertInto|updateTable|deleteFrom|mergeInto)\\(\\s*'(${names})'|(INSERT\\s+INTO|UPDATE|DELETE\\s+FROM)\\s+"?(${names})\\b`);
  const found: string[] = [];
  for (const file of sources(SERVER)) {
    if (file.startsWith(path.join(SERVER, owner) + path.sep)) continue;
    fs.readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
      if (pattern.test(line)) found.push(`${path.relative(ROOT_DIR, file)}:${i + 1}: ${line.trim()}`);
    });
  }
  return found;
}

describe('one writer', () => {
  it('postings, journal entries and balance rows are written only by the ledger', () => {
    expect(writersOutside('domain/ledger', ['postings', 'journal_entries', 'wallet_balances', 'ledger_accounts', 'holds'])).toEqual([]);
  });

  it('positions and trades are written only by the holdings module', () => {
    expect(writersOutside('domain/holdings', ['positions', 'trades'])).toEqual([]);
  });

  it('the check sees a writer (the ledger itself is one)', () => {
    expect(writersOutside('domain/holdings', ['postings', 'wallet_balances']).length).toBeGreaterThan(0);
  });
});
