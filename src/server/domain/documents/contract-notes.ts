/**
 * Contract notes (docs/product.md, Documents): one per investor and trade day (India time),
 * listing the day's share and ETF trades with price, gross, every charge (docs/trading.md,
 * Charges), the net amount of each trade and of the day, and the rates applied.
 *
 * A note has no table of its own: its id is the id of the day's first trade (earliest
 * `created_at`, then id), and any trade id of the day opens the same note. Only the owner may
 * read it; any other id — unknown, or another investor's — is refused with the same code, so
 * the answer says nothing about other investors' trades.
 */
import { createHash } from 'node:crypto';
import { indiaDateTime, indiaDay, indiaMidnight, DAY_MS } from '../../../shared/india-time.js';
import { pageSlice, type Page, type PageQuery } from '../../../shared/page.js';
import { AppError } from '../errors.js';
import type { Deps } from '../deps.js';
import { CHARGE_ITEMS, chargeRatesOf, type ChargeAmounts, type ChargeItem, type ChargeRates } from '../trading/charges.js';

/** One line of `order/contractNotes`; money in account-currency units. */
export interface ContractNoteSummary {
  /** The note's id (its first trade's id). */
  id: string;
  /** `CN-YYYYMMDD-XXXXXXXX`. */
  number: string;
  /** Trade day `YYYY-MM-DD`, India time. */
  date: string;
  trades: number;
  /** Paid for buys (gross + charges). */
  bought: number;
  /** Credited for sales (gross − charges). */
  sold: number;
  /** Every charge of the day, brokerage included. */
  charges: number;
  /** sold − bought: positive is credited to the investor, negative debited. */
  net: number;
  currency: string;
}

/** One trade of a note; money in account minor units, `priceMinor` in paise. */
export interface ContractNoteTrade {
  id: string;
  /** `YYYY-MM-DD HH:MM` India time. */
  time: string;
  symbol: string;
  side: 'buy' | 'sell';
  quantity: number;
  priceMinor: number;
  /** EUR/INR rate of the conversion, paise per account unit (100: none). */
  fxRateMinor: number;
  grossMinor: number;
  charges: ChargeAmounts;
  /** Buy: gross + charges; sell: gross − charges. */
  netMinor: number;
}

/** A whole contract note. */
export interface ContractNote {
  id: string;
  number: string;
  date: string;
  /** The investor's email. */
  investor: string;
  currency: string;
  trades: ContractNoteTrade[];
  /** Each charge summed over the day's trades. */
  charges: ChargeAmounts;
  boughtMinor: number;
  soldMinor: number;
  /** sold − bought: positive credited, negative debited. */
  netMinor: number;
  /** The rates the trades were charged at (those stored with the first charged trade, else today's). */
  rates: ChargeRates;
}

const numberOf = (date: string, id: string): string => `CN-${date.replace(/-/g, '')}-${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;

type TradeRow = { id: string; symbol: string; side: 'buy' | 'sell'; quantity: number; price_minor: number; gross_minor: number; commission_minor: number; net_minor: number; fx_rate_minor: number; charges_json: string | null; created_at: number };

/** A stored breakdown, or brokerage alone for trades written without one. */
function chargesOfRow(row: TradeRow): { charges: ChargeAmounts; rates: ChargeRates | null } {
  if (row.charges_json) {
    const parsed = JSON.parse(row.charges_json) as { account: ChargeAmounts; rates?: ChargeRates };
    return { charges: parsed.account, rates: parsed.rates ?? null };
  }
  const commission = Number(row.commission_minor);
  return { charges: { brokerage: commission, stt: 0, exchangeCharge: 0, sebiFee: 0, stampDuty: 0, gst: 0, total: commission }, rates: null };
}

/**
 * `order/contractNotes {page, pageSize?}`: the investor's notes, newest day first.
 * @returns a page of {@link ContractNoteSummary}.
 */
export async function listContractNotes(deps: Deps, userId: string, query: PageQuery): Promise<Page<ContractNoteSummary>> {
  const rows = await deps.db
    .selectFrom('trades')
    .select(['id', 'side', 'net_minor', 'commission_minor', 'charges_minor', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const days = new Map<string, ContractNoteSummary>();
  const currency = deps.config.money.accountCurrency;
  for (const r of rows) {
    const date = indiaDay(Number(r.created_at));
    let day = days.get(date);
    if (!day) days.set(date, (day = { id: r.id, number: numberOf(date, r.id), date, trades: 0, bought: 0, sold: 0, charges: 0, net: 0, currency }));
    day.trades += 1;
    if (r.side === 'buy') day.bought += Number(r.net_minor);
    else day.sold += Number(r.net_minor);
    day.charges += Number(r.commission_minor) + Number(r.charges_minor);
  }
  const notes = [...days.values()].reverse().map((d) => ({ ...d, bought: d.bought / 100, sold: d.sold / 100, charges: d.charges / 100, net: (d.sold - d.bought) / 100 }));
  return pageSlice(notes, query);
}

/**
 * The note a trade id belongs to, for its owner.
 * @throws AppError `contractNoteUnavailable` (1480) when the id is no trade of this investor.
 */
export async function loadContractNote(deps: Deps, userId: string, id: unknown): Promise<ContractNote> {
  const key = typeof id === 'string' ? id.slice(0, 64) : '';
  const anchor = key ? await deps.db.selectFrom('trades').select(['user_id', 'created_at']).where('id', '=', key).executeTakeFirst() : undefined;
  if (!anchor || anchor.user_id !== userId) throw new AppError('contractNoteUnavailable');
  const date = indiaDay(Number(anchor.created_at));
  const from = indiaMidnight(date);
  const rows = (await deps.db
    .selectFrom('trades')
    .select(['id', 'symbol', 'side', 'quantity', 'price_minor', 'gross_minor', 'commission_minor', 'net_minor', 'fx_rate_minor', 'charges_json', 'created_at'])
    .where('user_id', '=', userId)
    .where('created_at', '>=', from)
    .where('created_at', '<', from + DAY_MS)
    .orderBy('created_at')
    .orderBy('id')
    .execute()) as TradeRow[];
  const user = await deps.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  const totals = Object.fromEntries([...CHARGE_ITEMS, 'total'].map((k) => [k, 0])) as ChargeAmounts;
  let rates: ChargeRates | null = null;
  let boughtMinor = 0;
  let soldMinor = 0;
  const trades = rows.map((r): ContractNoteTrade => {
    const { charges, rates: stored } = chargesOfRow(r);
    rates ??= stored;
    for (const k of [...CHARGE_ITEMS, 'total'] as Array<ChargeItem | 'total'>) totals[k] += charges[k];
    if (r.side === 'buy') boughtMinor += Number(r.net_minor);
    else soldMinor += Number(r.net_minor);
    return {
      id: r.id, time: indiaDateTime(Number(r.created_at)), symbol: r.symbol, side: r.side, quantity: Number(r.quantity), priceMinor: Number(r.price_minor),
      fxRateMinor: Number(r.fx_rate_minor), grossMinor: Number(r.gross_minor), charges, netMinor: Number(r.net_minor),
    };
  });
  const noteId = rows[0]!.id;
  return {
    id: noteId, number: numberOf(date, noteId), date, investor: user?.email ?? '', currency: deps.config.money.accountCurrency, trades, charges: totals,
    boughtMinor, soldMinor, netMinor: soldMinor - boughtMinor, rates: rates ?? chargeRatesOf(deps.config.trading),
  };
}

/** Labels of the charge items in documents (English). */
export const CHARGE_LABELS: Record<ChargeItem | 'total', string> = {
  brokerage: 'Brokerage', stt: 'Securities transaction tax', exchangeCharge: 'Exchange transaction charge', sebiFee: 'SEBI turnover fee', stampDuty: 'Stamp duty', gst: 'GST', total: 'Total charges',
};

/** Minor units as `1,234.50` (documents). */
export const docAmount = (minor: number): string => `${minor < 0 ? '-' : ''}${(Math.abs(minor) / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The rate lines of a note (English), e.g. `Securities transaction tax: 0.1 % of turnover, both sides`. */
export function rateLines(rates: ChargeRates): string[] {
  const pct = (perCrore: number) => `${+(perCrore / 100_000).toFixed(6)} %`;
  return [
    `Brokerage: ${+(rates.brokerageBps / 100).toFixed(4)} % of the gross, both sides`,
    `Securities transaction tax: ${pct(rates.sttPerCrore)} of turnover, both sides, to the nearest rupee`,
    `Exchange transaction charge (NSE): ${pct(rates.exchangePerCrore)} of turnover, to the paisa`,
    `SEBI turnover fee: Rs ${rates.sebiPerCrore} per crore of turnover, to the paisa`,
    `Stamp duty: ${pct(rates.stampPerCrore)} of turnover, buy side, to the nearest rupee`,
    `GST: ${+(rates.gstBps / 100).toFixed(2)} % of brokerage + exchange charge + SEBI fee, to the paisa`,
  ];
}

const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const NOTE_STYLE = 'body{font:14px/1.4 system-ui,sans-serif;margin:16px;color:#111}table{border-collapse:collapse;width:100%;margin:12px 0}th,td{border-bottom:1px solid #ddd;padding:4px 6px;text-align:right}th:first-child,td:first-child{text-align:left}h1{font-size:20px}.muted{color:#555}';

/** The `style-src` hash of the note's one `<style>` element, for its Content-Security-Policy. */
export const NOTE_STYLE_HASH = `'sha256-${createHash('sha256').update(NOTE_STYLE).digest('base64')}'`;

/** The note as a self-contained HTML page (English; every value escaped). */
export function contractNoteHtml(note: ContractNote): string {
  const money = (minor: number) => `${escape(note.currency)} ${docAmount(minor)}`;
  const tradeRows = note.trades
    .map((t) => `<tr><td>${escape(t.time)}</td><td>${escape(t.symbol)}</td><td>${t.side}</td><td>${t.quantity}</td><td>INR ${docAmount(t.priceMinor)}</td><td>${docAmount(t.grossMinor)}</td>${CHARGE_ITEMS.map((k) => `<td>${docAmount(t.charges[k])}</td>`).join('')}<td>${docAmount(t.netMinor)}</td></tr>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Contract note ${escape(note.number)}</title><style>${NOTE_STYLE}</style></head><body>
<h1>Contract note ${escape(note.number)}</h1>
<p>Trade date ${escape(note.date)} (India time) · Investor ${escape(note.investor)} · Amounts in ${escape(note.currency)}</p>
<table><thead><tr><th>Time</th><th>Symbol</th><th>Side</th><th>Qty</th><th>Price</th><th>Gross</th>${CHARGE_ITEMS.map((k) => `<th>${CHARGE_LABELS[k]}</th>`).join('')}<th>Net</th></tr></thead><tbody>${tradeRows}</tbody></table>
<table><tbody>${CHARGE_ITEMS.map((k) => `<tr><td>${CHARGE_LABELS[k]}</td><td>${money(note.charges[k])}</td></tr>`).join('')}
<tr><th>${CHARGE_LABELS.total}</th><th>${money(note.charges.total)}</th></tr>
<tr><td>Bought (paid)</td><td>${money(note.boughtMinor)}</td></tr><tr><td>Sold (credited)</td><td>${money(note.soldMinor)}</td></tr>
<tr><th>Net amount ${note.netMinor >= 0 ? 'receivable' : 'payable'}</th><th>${money(Math.abs(note.netMinor))}</th></tr></tbody></table>
<h2>Rates</h2><ul>${rateLines(note.rates).map((l) => `<li>${escape(l)}</li>`).join('')}</ul>
<p class="muted">Simulated broker: Nivesh demo. Prices in INR; money in ${escape(note.currency)}.</p>
</body></html>`;
}
