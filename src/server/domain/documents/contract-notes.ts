/**
 * Contract notes (docs/product.md, Documents): one per investor and trade day (India time),
 * listing the day's share and ETF trades with price, gross, every charge (docs/trading.md,
 * Charges), the net amount of each trade and of the day, and the rates applied.
 *
 * A note's id is the id of the day's first trade (earliest `created_at`, then id), and any
 * trade id of the day opens the same note. Its number is issued the first time the note is
 * listed or opened and kept in `contract_notes`: unique and sequential within the Indian
 * financial year (`CN-2026-27-000001`), the year's counter row serializing two issuers. Only
 * the owner may read a note; any other id — unknown, or another investor's — is refused with
 * the same code, so the answer says nothing about other investors' trades.
 *
 * The HTML and PDF are written in the request's language (de, en, hi, zh): texts from the
 * locale files (`contractNote.*`), numbers, dates and times with `Intl` in India time.
 */
import { createHash } from 'node:crypto';
import { indiaDateTimeFormat, indiaDay, indiaMidnight, DAY_MS } from '../../../shared/india-time.js';
import { intlTag, type Locale } from '../../../shared/lang.js';
import { pageSlice, type Page, type PageQuery } from '../../../shared/page.js';
import type { Db } from '../../db/index.js';
import { documentsDb } from '../../db/document-tables.js';
import { uniqueViolation } from '../../db/unique.js';
import { AppError } from '../errors.js';
import type { Deps } from '../deps.js';
import type { Messages } from '../../i18n.js';
import { moneyTransaction } from '../ledger/index.js';
import { CHARGE_ITEMS, chargeRatesOf, type ChargeAmounts, type ChargeItem, type ChargeRates } from '../trading/charges.js';
import { financialYearOf } from './capital-gains.js';

/** One line of `order/contractNotes`; money in account-currency units. */
export interface ContractNoteSummary {
  /** The note's id (its first trade's id). */
  id: string;
  /** The issued number, `CN-2026-27-000001` (financial year, sequence). */
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
  /** When it was booked, epoch ms. */
  at: number;
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

/**
 * The number of the investor's note of `day`: the stored one, or the next of its financial year
 * issued now. Two issuers of the same note race on the unique (investor, day) key: the loser's
 * transaction (its counter step included) rolls back and it reads the winner's number, so the
 * sequence has no gaps.
 */
async function noteNumber(db: Db, now: number, userId: string, day: string, noteId: string): Promise<string> {
  const read = async () =>
    (await documentsDb(db).selectFrom('contract_notes').select('number').where('user_id', '=', userId).where('trade_day', '=', day).executeTakeFirst())?.number;
  const stored = await read();
  if (stored) return stored;
  const fy = financialYearOf(indiaMidnight(day));
  try {
    return await moneyTransaction(db, async (trx) => {
      const d = documentsDb(trx);
      await d.insertInto('contract_note_counters').values({ fy, last_seq: 0 }).onConflict((oc) => oc.column('fy').doNothing()).execute();
      const counter = await d.updateTable('contract_note_counters').set((eb) => ({ last_seq: eb('last_seq', '+', 1) })).where('fy', '=', fy).returning('last_seq').executeTakeFirstOrThrow();
      const seq = Number(counter.last_seq);
      const number = `CN-${fy}-${String(seq).padStart(6, '0')}`;
      await d.insertInto('contract_notes').values({ id: noteId, user_id: userId, trade_day: day, fy, seq, number, created_at: now }).execute();
      return number;
    });
  } catch (error) {
    const number = uniqueViolation(error) ? await read() : undefined;
    if (!number) throw error;
    return number;
  }
}

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
    if (!day) days.set(date, (day = { id: r.id, number: '', date, trades: 0, bought: 0, sold: 0, charges: 0, net: 0, currency }));
    day.trades += 1;
    if (r.side === 'buy') day.bought += Number(r.net_minor);
    else day.sold += Number(r.net_minor);
    day.charges += Number(r.commission_minor) + Number(r.charges_minor);
  }
  const notes = [...days.values()].reverse().map((d) => ({ ...d, bought: d.bought / 100, sold: d.sold / 100, charges: d.charges / 100, net: (d.sold - d.bought) / 100 }));
  // Numbers are issued oldest day first, so a year's first listing numbers its days in order.
  const stored = new Map(
    (await documentsDb(deps.db).selectFrom('contract_notes').select(['trade_day', 'number']).where('user_id', '=', userId).execute()).map((r) => [r.trade_day, r.number]),
  );
  for (const note of [...notes].reverse()) note.number = stored.get(note.date) ?? (await noteNumber(deps.db, deps.clock.now(), userId, note.date, note.id));
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
      id: r.id, at: Number(r.created_at), symbol: r.symbol, side: r.side, quantity: Number(r.quantity), priceMinor: Number(r.price_minor),
      fxRateMinor: Number(r.fx_rate_minor), grossMinor: Number(r.gross_minor), charges, netMinor: Number(r.net_minor),
    };
  });
  const noteId = rows[0]!.id;
  return {
    id: noteId, number: await noteNumber(deps.db, deps.clock.now(), userId, date, noteId), date, investor: user?.email ?? '', currency: deps.config.money.accountCurrency, trades, charges: totals,
    boughtMinor, soldMinor, netMinor: soldMinor - boughtMinor, rates: rates ?? chargeRatesOf(deps.config.trading),
  };
}

/** What a note is written with: the language, its texts and its number formats. */
export interface NoteText {
  locale: Locale;
  /** A text of the locale files, `contractNote.*` and friends. */
  t(id: string, values?: Record<string, string | number>): string;
  /** Minor units as an amount with two decimals, grouped as the language groups (`1.234,50` in German). */
  amount(minor: number): string;
  /** A fraction as a percentage (`0.001` → `0,1 %` in German). */
  percent(fraction: number): string;
  /** A trade day `YYYY-MM-DD` as a long date. */
  date(day: string): string;
  /** A day `YYYY-MM-DD` as a short numeric date (`23.11.2026` in German), for table cells. */
  shortDate(day: string): string;
  /** An instant's India time of day, `HH:MM`. */
  time(at: number): string;
}

/** The texts and `Intl` formats of `locale` for a note. */
export function noteText(messages: Messages, locale: Locale): NoteText {
  const tag = intlTag(locale);
  const amount = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const percent = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 6 });
  const date = indiaDateTimeFormat(tag, { year: 'numeric', month: 'long', day: 'numeric' });
  const shortDate = indiaDateTimeFormat(tag, { year: 'numeric', month: '2-digit', day: '2-digit' });
  const time = indiaDateTimeFormat(tag, { hour: '2-digit', minute: '2-digit', hour12: false });
  return {
    locale,
    t: (id, values) => messages.format(locale, id, values),
    amount: (minor) => amount.format(minor / 100),
    percent: (fraction) => percent.format(fraction),
    date: (day) => date.format(indiaMidnight(day) + 12 * 3_600_000),
    shortDate: (day) => shortDate.format(indiaMidnight(day) + 12 * 3_600_000),
    time: (at) => time.format(at),
  };
}

/** The label of a charge item (or the total) in the note's language. */
export const chargeLabel = (text: NoteText, item: ChargeItem | 'total'): string => text.t(`contractNote.charge.${item}`);

/** The rate lines of a note, e.g. `Securities transaction tax: 0.1% of turnover, both sides, to the nearest rupee`. */
export function rateLines(rates: ChargeRates, text: NoteText): string[] {
  const perCrore = (rupees: number) => text.percent(rupees / 10_000_000);
  return [
    text.t('contractNote.rate.brokerage', { rate: text.percent(rates.brokerageBps / 10_000) }),
    text.t('contractNote.rate.stt', { rate: perCrore(rates.sttPerCrore) }),
    text.t('contractNote.rate.exchangeCharge', { rate: perCrore(rates.exchangePerCrore) }),
    text.t('contractNote.rate.sebiFee', { amount: `INR ${text.amount(rates.sebiPerCrore * 100)}` }),
    text.t('contractNote.rate.stampDuty', { rate: perCrore(rates.stampPerCrore) }),
    text.t('contractNote.rate.gst', { rate: text.percent(rates.gstBps / 10_000) }),
  ];
}

const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const NOTE_STYLE = 'body{font:14px/1.4 system-ui,sans-serif;margin:16px;color:#111}table{border-collapse:collapse;width:100%;margin:12px 0}th,td{border-bottom:1px solid #ddd;padding:4px 6px;text-align:right}th:first-child,td:first-child{text-align:left}h1{font-size:20px}.muted{color:#555}';

/** The `style-src` hash of the note's one `<style>` element, for its Content-Security-Policy. */
export const NOTE_STYLE_HASH = `'sha256-${createHash('sha256').update(NOTE_STYLE).digest('base64')}'`;

/** The table heading of a note's trades, in order (time … net), in the note's language. */
export const tradeHeadings = (text: NoteText): string[] => [
  text.t('contractNote.col.time'), text.t('contractNote.col.symbol'), text.t('contractNote.col.side'), text.t('contractNote.col.quantity'), text.t('contractNote.col.price'),
  text.t('contractNote.col.gross'), ...CHARGE_ITEMS.map((k) => chargeLabel(text, k)), text.t('contractNote.col.net'),
];

/** The summary lines under a note's trades: [label, amount, bold]. */
export function summaryLines(note: ContractNote, text: NoteText): Array<[string, string, boolean]> {
  const money = (minor: number) => `${note.currency} ${text.amount(minor)}`;
  return [
    ...CHARGE_ITEMS.map((k): [string, string, boolean] => [chargeLabel(text, k), money(note.charges[k]), false]),
    [chargeLabel(text, 'total'), money(note.charges.total), true],
    [text.t('contractNote.bought'), money(note.boughtMinor), false],
    [text.t('contractNote.sold'), money(note.soldMinor), false],
    [text.t(note.netMinor >= 0 ? 'contractNote.netReceivable' : 'contractNote.netPayable'), money(Math.abs(note.netMinor)), true],
  ];
}

/** The line under a note's title: trade date, investor, currencies. */
export const noteIntro = (note: ContractNote, text: NoteText): string => text.t('contractNote.intro', { date: text.date(note.date), investor: note.investor, currency: note.currency });

/** The note as a self-contained HTML page in the note's language (every value escaped). */
export function contractNoteHtml(note: ContractNote, text: NoteText): string {
  const tradeRows = note.trades
    .map((t) => {
      const cells = [text.time(t.at), t.symbol, text.t(`orderSide.${t.side}`), String(t.quantity), `INR ${text.amount(t.priceMinor)}`, text.amount(t.grossMinor), ...CHARGE_ITEMS.map((k) => text.amount(t.charges[k])), text.amount(t.netMinor)];
      return `<tr>${cells.map((c) => `<td>${escape(c)}</td>`).join('')}</tr>`;
    })
    .join('');
  const title = text.t('contractNote.title', { number: note.number });
  return `<!doctype html><html lang="${text.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title><style>${NOTE_STYLE}</style></head><body>
<h1>${escape(title)}</h1>
<p>${escape(noteIntro(note, text))}</p>
<table><thead><tr>${tradeHeadings(text).map((h) => `<th>${escape(h)}</th>`).join('')}</tr></thead><tbody>${tradeRows}</tbody></table>
<table><tbody>${summaryLines(note, text).map(([label, value, bold]) => (bold ? `<tr><th>${escape(label)}</th><th>${escape(value)}</th></tr>` : `<tr><td>${escape(label)}</td><td>${escape(value)}</td></tr>`)).join('\n')}</tbody></table>
<h2>${escape(text.t('contractNote.rates'))}</h2><ul>${rateLines(note.rates, text).map((l) => `<li>${escape(l)}</li>`).join('')}</ul>
<p class="muted">${escape(text.t('contractNote.footer', { currency: note.currency }))}</p>
</body></html>`;
}
