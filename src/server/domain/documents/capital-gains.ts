/**
 * The capital-gains statement of one Indian financial year (1 April – 31 March, India time;
 * docs/product.md, Documents): every share or ETF sale of the year matched against the
 * investor's buy lots first in, first out (FIFO), each match a row with buy and sell dates and
 * values, the holding period in days and its term — long-term when the shares were held more
 * than 12 months (listed shares), short-term otherwise — and totals per term.
 *
 * Values are account-currency minor units. A buy lot's value is what the buy cost (gross +
 * brokerage + every charge) less its securities transaction tax; a sale's value is what it
 * credited (gross − charges) plus its STT: STT is not deductible in computing capital gains
 * (Income-tax Act, section 48). A lot or sale split across rows is shared out in proportion
 * to shares, rounded to the minor unit with halves up, the last piece taking the remainder, so
 * the rows of a trade add up to its value exactly. Listed IPO allotments are lots too (bought
 * on the allotment date at the allotted amount).
 */
import { indiaDay, indiaTime } from '../../../shared/india-time.js';
import { AppError } from '../errors.js';
import type { Deps } from '../deps.js';
import { ipoDb } from '../../db/ipo-tables.js';

/** A trade as the statement reads it; money in account minor units, `at` epoch ms. */
export interface StatementTrade {
  id: string;
  symbol: string;
  side: 'buy' | 'sell';
  quantity: number;
  /** Buy: paid (gross + charges); sell: credited (gross − charges). */
  netMinor: number;
  /** The trade's securities transaction tax (0 when it carried none). */
  sttMinor: number;
  at: number;
}

/** One matched piece: `quantity` shares of one buy lot sold by one sale. */
export interface CapitalGainsRow {
  symbol: string;
  quantity: number;
  /** `YYYY-MM-DD` India time; empty when no buy lot was found for the shares. */
  buyDate: string;
  buyValueMinor: number;
  sellDate: string;
  sellValueMinor: number;
  /** Calendar days from buy to sell (India dates). */
  holdingDays: number;
  term: 'short' | 'long';
  /** sellValue − buyValue. */
  gainMinor: number;
}

/** Sums of rows, minor units. */
export interface CapitalGainsTotals {
  buyValueMinor: number;
  sellValueMinor: number;
  gainMinor: number;
}

/** A financial year's statement. */
export interface CapitalGainsStatement {
  /** `2026-27`. */
  fy: string;
  /** `[from, to)` epoch ms: 1 April 00:00 to the next 1 April 00:00, India time. */
  from: number;
  to: number;
  currency: string;
  rows: CapitalGainsRow[];
  shortTerm: CapitalGainsTotals;
  longTerm: CapitalGainsTotals;
  total: CapitalGainsTotals;
}

/**
 * The India-time range of a financial year written `YYYY-YY` (`2026-27`: 1 April 2026 to
 * 31 March 2027 inclusive).
 * @throws AppError `financialYearInvalid` for any other text or a year before 2000 or after 2099.
 */
export function financialYearRange(fy: unknown): { fy: string; from: number; to: number } {
  const match = typeof fy === 'string' ? /^(20[0-9]{2})-([0-9]{2})$/.exec(fy) : null;
  const start = match ? Number(match[1]) : NaN;
  if (!match || Number(match[2]) !== (start + 1) % 100 || start > 2098) throw new AppError('financialYearInvalid', { fy: String(fy ?? '').slice(0, 16) });
  return { fy: fy as string, from: indiaTime(start, 4, 1), to: indiaTime(start + 1, 4, 1) };
}

/** The financial year (`2026-27`) an instant falls in, India time. */
export function financialYearOf(epochMs: number): string {
  const [year, month] = indiaDay(epochMs).split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** round(value × part / whole), halves up (non-negative integers). */
const share = (value: number, part: number, whole: number): number => (whole === part ? value : Number((BigInt(value) * BigInt(part) * 2n + BigInt(whole)) / (BigInt(whole) * 2n)));

/** Whole days between two India dates. */
const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Long-term: the sale's India date is after the buy date's same day 12 months later. */
const isLongTerm = (buyDate: string, sellDate: string): boolean => sellDate > `${Number(buyDate.slice(0, 4)) + 1}${buyDate.slice(4)}`;

const totalsOf = (rows: CapitalGainsRow[]): CapitalGainsTotals => ({
  buyValueMinor: rows.reduce((s, r) => s + r.buyValueMinor, 0),
  sellValueMinor: rows.reduce((s, r) => s + r.sellValueMinor, 0),
  gainMinor: rows.reduce((s, r) => s + r.gainMinor, 0),
});

/**
 * Matches sales to lots FIFO and keeps the rows of sales inside `[from, to)`. Pure.
 * @param trades every trade of the investor up to `to`, in any order (sorted by `at`, then id).
 */
export function capitalGains(trades: readonly StatementTrade[], range: { fy: string; from: number; to: number }, currency: string): CapitalGainsStatement {
  const lots = new Map<string, Array<{ quantity: number; valueMinor: number; date: string }>>();
  const rows: CapitalGainsRow[] = [];
  const sorted = [...trades].filter((t) => t.at < range.to).sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const trade of sorted) {
    const queue = lots.get(trade.symbol) ?? [];
    lots.set(trade.symbol, queue);
    if (trade.side === 'buy') {
      queue.push({ quantity: trade.quantity, valueMinor: trade.netMinor - trade.sttMinor, date: indiaDay(trade.at) });
      continue;
    }
    const inYear = trade.at >= range.from;
    const sellDate = indiaDay(trade.at);
    let left = trade.quantity;
    let valueLeft = trade.netMinor + trade.sttMinor;
    while (left > 0) {
      const lot = queue[0];
      const quantity = lot ? Math.min(lot.quantity, left) : left;
      const sellValueMinor = share(valueLeft, quantity, left);
      let buyValueMinor = 0;
      let buyDate = '';
      if (lot) {
        buyValueMinor = share(lot.valueMinor, quantity, lot.quantity);
        buyDate = lot.date;
        lot.quantity -= quantity;
        lot.valueMinor -= buyValueMinor;
        if (lot.quantity === 0) queue.shift();
      }
      if (inYear) {
        rows.push({
          symbol: trade.symbol, quantity, buyDate, buyValueMinor, sellDate, sellValueMinor, holdingDays: buyDate ? daysBetween(buyDate, sellDate) : 0,
          term: buyDate && isLongTerm(buyDate, sellDate) ? 'long' : 'short', gainMinor: sellValueMinor - buyValueMinor,
        });
      }
      left -= quantity;
      valueLeft -= sellValueMinor;
    }
  }
  const shortRows = rows.filter((r) => r.term === 'short');
  const longRows = rows.filter((r) => r.term === 'long');
  return { ...range, currency, rows, shortTerm: totalsOf(shortRows), longTerm: totalsOf(longRows), total: totalsOf(rows) };
}

/** Reads the STT (account minor units) of a trade's stored breakdown; 0 without one. */
export function sttOf(chargesJson: string | null): number {
  if (!chargesJson) return 0;
  const parsed = JSON.parse(chargesJson) as { account?: { stt?: number } };
  return Number(parsed.account?.stt ?? 0);
}

/**
 * The investor's statement of a financial year, from `trades` and listed IPO allotments.
 * @param fy `YYYY-YY`.
 * @throws AppError `financialYearInvalid`.
 */
export async function loadCapitalGains(deps: Deps, userId: string, fy: unknown): Promise<CapitalGainsStatement> {
  const range = financialYearRange(fy);
  const rows = await deps.db
    .selectFrom('trades')
    .select(['id', 'symbol', 'side', 'quantity', 'net_minor', 'charges_json', 'created_at'])
    .where('user_id', '=', userId)
    .where('created_at', '<', range.to)
    .execute();
  const trades: StatementTrade[] = rows.map((r) => ({ id: r.id, symbol: r.symbol, side: r.side, quantity: Number(r.quantity), netMinor: Number(r.net_minor), sttMinor: sttOf(r.charges_json), at: Number(r.created_at) }));
  const allotments = await ipoDb(deps.db)
    .selectFrom('ipo_applications as a')
    .innerJoin('ipos as i', 'i.id', 'a.ipo_id')
    .select(['a.id', 'i.symbol', 'a.allotted_shares', 'a.allotted_minor', 'a.resolved_at'])
    .where('a.user_id', '=', userId)
    .where('a.status', '=', 'allotted')
    .where('i.listed_at', 'is not', null)
    .where('a.resolved_at', '<', range.to)
    .execute();
  for (const a of allotments) {
    if (!a.allotted_shares || a.resolved_at === null) continue;
    trades.push({ id: a.id, symbol: a.symbol, side: 'buy', quantity: Number(a.allotted_shares), netMinor: Number(a.allotted_minor ?? 0), sttMinor: 0, at: Number(a.resolved_at) });
  }
  return capitalGains(trades, range, deps.config.money.accountCurrency);
}

/** Minor units as `1234.50` (no grouping: a CSV cell). */
export const csvAmount = (minor: number): string => `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;

/**
 * The statement as CSV (RFC 4180, `\r\n` line ends, English headings): a heading block, one
 * line per row, then the short-term, long-term and overall totals.
 */
export function capitalGainsCsv(s: CapitalGainsStatement): string {
  const lines: string[][] = [
    ['Capital gains statement', `FY ${s.fy}`],
    ['Period', indiaDay(s.from), indiaDay(s.to - 1)],
    ['Currency', s.currency],
    [],
    ['Symbol', 'Quantity', 'Buy date', 'Buy value', 'Sell date', 'Sell value', 'Holding days', 'Term', 'Gain'],
    ...s.rows.map((r) => [r.symbol, String(r.quantity), r.buyDate, csvAmount(r.buyValueMinor), r.sellDate, csvAmount(r.sellValueMinor), String(r.holdingDays), r.term === 'long' ? 'long-term' : 'short-term', csvAmount(r.gainMinor)]),
    [],
    ...([['Short-term total', s.shortTerm], ['Long-term total', s.longTerm], ['Total', s.total]] as const).map(([label, t]) => [label, '', '', csvAmount(t.buyValueMinor), '', csvAmount(t.sellValueMinor), '', '', csvAmount(t.gainMinor)]),
  ];
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return lines.map((l) => l.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** The financial years an investor can ask for: from the first trade's to the current one, newest first. */
export async function financialYears(deps: Deps, userId: string): Promise<string[]> {
  const first = await deps.db.selectFrom('trades').select((eb) => eb.fn.min('created_at').as('at')).where('user_id', '=', userId).executeTakeFirst();
  const now = deps.clock.now();
  const years: string[] = [];
  let year = Number(financialYearOf(now).slice(0, 4));
  const firstYear = first?.at != null ? Number(financialYearOf(Number(first.at)).slice(0, 4)) : year;
  for (; year >= firstYear && years.length < 30; year--) years.push(`${year}-${String((year + 1) % 100).padStart(2, '0')}`);
  return years;
}
