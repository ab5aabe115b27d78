/**
 * PDF documents made with pdfkit, A4: the contract note in the request's language (Helvetica
 * for Latin text, the app's Noto Sans files for Devanagari and Chinese, `pdf-fonts.ts`) and the
 * capital-gains statement (English). Amounts carry the currency code. Text is real text, so a
 * reader can search and copy it.
 */
import PDFDocument from 'pdfkit';
import { indiaDay } from '../../../shared/india-time.js';
import { CHARGE_ITEMS } from '../trading/charges.js';
import { noteIntro, rateLines, summaryLines, tradeHeadings, type ContractNote, type NoteText } from './contract-notes.js';
import type { CapitalGainsStatement } from './capital-gains.js';
import { fontRuns, loadFontsFor } from './pdf-fonts.js';

/** Minor units as `1,234.50` (the English statement). */
const docAmount = (minor: number): string => `${minor < 0 ? '-' : ''}${(Math.abs(minor) / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

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

/** The capital-gains statement as PDF. `at`: creation date, epoch ms. */
export function capitalGainsPdf(s: CapitalGainsStatement, at: number): Promise<Buffer> {
  return render(`Capital gains statement FY ${s.fy}`, at, (doc) => {
    doc.font('Helvetica-Bold').fontSize(16).text(`Capital gains statement FY ${s.fy}`);
    doc.font('Helvetica').fontSize(9).text(`${indiaDay(s.from)} to ${indiaDay(s.to - 1)} (India time) - Amounts in ${s.currency} - FIFO lots; long-term when held more than 12 months`);
    doc.moveDown();
    doc.fontSize(8);
    const widths = [70, 40, 60, 70, 60, 70, 50, 50, 52];
    row(doc, ['Symbol', 'Qty', 'Buy date', 'Buy value', 'Sell date', 'Sell value', 'Days', 'Term', 'Gain'], widths, true);
    for (const r of s.rows) {
      row(doc, [r.symbol, String(r.quantity), r.buyDate || '-', docAmount(r.buyValueMinor), r.sellDate, docAmount(r.sellValueMinor), String(r.holdingDays), r.term === 'long' ? 'long-term' : 'short-term', docAmount(r.gainMinor)], widths);
    }
    if (!s.rows.length) doc.text('No sales in this financial year.');
    doc.moveDown();
    for (const [label, t] of [['Short-term total', s.shortTerm], ['Long-term total', s.longTerm], ['Total', s.total]] as const) {
      row(doc, [label, '', '', docAmount(t.buyValueMinor), '', docAmount(t.sellValueMinor), '', '', docAmount(t.gainMinor)], widths, true);
    }
  });
}
