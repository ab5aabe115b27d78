/**
 * PDF documents made with pdfkit, A4: the contract note in the request's language (Helvetica
 * for Latin text, the app's Noto Sans files for Devanagari and Chinese, `pdf-fonts.ts`) and the
 * capital-gains statement, both in the request's language. Amounts carry the currency code.
 * Text is real text, so a reader can search and copy it.
 */
import PDFDocument from 'pdfkit';
import { CHARGE_ITEMS } from '../trading/charges.js';
import { noteIntro, rateLines, summaryLines, tradeHeadings, type ContractNote, type NoteText } from './contract-notes.js';
import type { CapitalGainsStatement } from './capital-gains.js';
import { indiaDay as indiaDayOf } from '../../../shared/india-time.js';
import { fontRuns, loadFontsFor } from './pdf-fonts.js';

/**
 * Writes `text` at the cursor (or at `x`, `y`), each script in its font: the runs follow one
 * another as one paragraph (pdfkit's `continued`).
 */
function write(doc: PDFKit.PDFDocument, text: string, options: PDFKit.Mixins.TextOptions = {}, bold = false, at?: { x: number; y: number }): void {
  const base = bold ? 'Helvetica-Bold' : 'Helvetica';
  const runs = fontRuns(doc, text, base);
  if (!runs.length) runs.push({ font: base, text: '' });
  runs.forEach((run, i) => {
    doc.font(run.font);
    const opts = { ...options, continued: i < runs.length - 1 };
    if (i === 0 && at) doc.text(run.text, at.x, at.y, opts);
    else doc.text(run.text, opts);
  });
}

/** Renders with pdfkit into one buffer. `at` fixes the document's creation date (epoch ms). */
function render(title: string, at: number, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 36, info: { Title: title, Author: 'Nivesh', CreationDate: new Date(at) } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

/** One table row of fixed column widths (points); the first column left-aligned, the rest right. */
function row(doc: PDFKit.PDFDocument, cells: string[], widths: number[], bold = false): void {
  if (doc.y > doc.page.height - 60) doc.addPage();
  const y = doc.y;
  let x = doc.page.margins.left;
  let bottom = y;
  cells.forEach((cell, i) => {
    write(doc, cell, { width: widths[i]! - 4, align: i === 0 ? 'left' : 'right' }, bold, { x, y });
    bottom = Math.max(bottom, doc.y);
    x += widths[i]!;
  });
  doc.x = doc.page.margins.left;
  doc.y = bottom + 2;
}

/** The contract note as PDF in the note's language. `at`: creation date, epoch ms (the injected clock). */
export async function contractNotePdf(note: ContractNote, text: NoteText, at: number): Promise<Buffer> {
  const title = text.t('contractNote.title', { number: note.number });
  // Every text of the note in this language, so the fonts its script needs are loaded first.
  await loadFontsFor([title, noteIntro(note, text), ...tradeHeadings(text), ...summaryLines(note, text).map(([label]) => label), text.t('contractNote.rates'), ...rateLines(note.rates, text), text.t('contractNote.footer', { currency: note.currency }), text.t('orderSide.buy'), text.t('orderSide.sell')].join(''));
  return render(title, at, (doc) => {
    doc.fontSize(16);
    write(doc, title, {}, true);
    doc.fontSize(9);
    write(doc, noteIntro(note, text));
    doc.moveDown();
    doc.fontSize(7);
    const widths = [34, 56, 34, 26, 48, 50, 38, 34, 34, 30, 34, 34, 51];
    row(doc, tradeHeadings(text), widths, true);
    for (const t of note.trades) {
      row(doc, [text.time(t.at), t.symbol, text.t(`orderSide.${t.side}`), String(t.quantity), text.amount(t.priceMinor), text.amount(t.grossMinor), ...CHARGE_ITEMS.map((k) => text.amount(t.charges[k])), text.amount(t.netMinor)], widths);
    }
    doc.moveDown().fontSize(9);
    const pair = [220, 120];
    for (const [label, value, bold] of summaryLines(note, text)) row(doc, [label, value], pair, bold);
    doc.moveDown();
    write(doc, text.t('contractNote.rates'), {}, true);
    for (const line of rateLines(note.rates, text)) write(doc, `- ${line}`);
    doc.moveDown();
    write(doc, text.t('contractNote.footer', { currency: note.currency }));
  });
}

/** The capital-gains statement's table heading (symbol … gain), in the statement's language. */
const gainsHeadings = (text: NoteText): string[] => ['symbol', 'quantity', 'buyDate', 'buyValue', 'sellDate', 'sellValue', 'days', 'term', 'gain'].map((id) => text.t(`capitalGains.column.${id}`));

/**
 * The capital-gains statement as PDF in the statement's language (texts `capitalGains.*`,
 * numbers and dates by Intl). `at`: creation date, epoch ms (the injected clock).
 */
export async function capitalGainsPdf(s: CapitalGainsStatement, text: NoteText, at: number): Promise<Buffer> {
  const title = text.t('capitalGains.title', { fy: s.fy });
  const intro = text.t('capitalGains.intro', { from: text.date(indiaDayOf(s.from)), to: text.date(indiaDayOf(s.to - 1)), currency: s.currency });
  const term = (long: boolean) => text.t(long ? 'capitalGains.termLong' : 'capitalGains.termShort');
  const totals = [['capitalGains.totalShort', s.shortTerm], ['capitalGains.totalLong', s.longTerm], ['capitalGains.total', s.total]] as const;
  await loadFontsFor([title, intro, ...gainsHeadings(text), term(true), term(false), text.t('capitalGains.none'), ...totals.map(([id]) => text.t(id))].join(''));
  return render(title, at, (doc) => {
    doc.fontSize(16);
    write(doc, title, {}, true);
    doc.fontSize(9);
    write(doc, intro);
    doc.moveDown();
    doc.fontSize(8);
    const widths = [70, 40, 60, 70, 60, 70, 50, 50, 52];
    row(doc, gainsHeadings(text), widths, true);
    for (const r of s.rows) {
      row(doc, [r.symbol, String(r.quantity), r.buyDate ? text.shortDate(r.buyDate) : '-', text.amount(r.buyValueMinor), text.shortDate(r.sellDate), text.amount(r.sellValueMinor), String(r.holdingDays), term(r.term === 'long'), text.amount(r.gainMinor)], widths);
    }
    if (!s.rows.length) write(doc, text.t('capitalGains.none'));
    doc.moveDown();
    for (const [id, t] of totals) row(doc, [text.t(id), '', '', text.amount(t.buyValueMinor), '', text.amount(t.sellValueMinor), '', '', text.amount(t.gainMinor)], widths, true);
  });
}
