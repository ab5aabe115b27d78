/**
 * PDF documents made with pdfkit: the contract note and the capital-gains statement, A4,
 * English, the standard Helvetica font (it has no ₹ glyph, so amounts carry the currency
 * code). Text is real text, so a reader can search and copy it.
 */
import PDFDocument from 'pdfkit';
import { indiaDay } from '../../../shared/india-time.js';
import { CHARGE_ITEMS } from '../trading/charges.js';
import { CHARGE_LABELS, docAmount, rateLines, type ContractNote } from './contract-notes.js';
import type { CapitalGainsStatement } from './capital-gains.js';

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
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
  let bottom = y;
  cells.forEach((cell, i) => {
    doc.text(cell, x, y, { width: widths[i]! - 4, align: i === 0 ? 'left' : 'right' });
    bottom = Math.max(bottom, doc.y);
    x += widths[i]!;
  });
  doc.x = doc.page.margins.left;
  doc.y = bottom + 2;
}

/** The contract note as PDF. `at`: creation date, epoch ms (the injected clock). */
export function contractNotePdf(note: ContractNote, at: number): Promise<Buffer> {
  return render(`Contract note ${note.number}`, at, (doc) => {
    doc.font('Helvetica-Bold').fontSize(16).text(`Contract note ${note.number}`);
    doc.font('Helvetica').fontSize(9).text(`Trade date ${note.date} (India time) - Investor ${note.investor} - Amounts in ${note.currency}, prices in INR`);
    doc.moveDown();
    doc.fontSize(7);
    const widths = [60, 52, 24, 28, 46, 48, 34, 34, 34, 30, 30, 30, 50];
    row(doc, ['Time', 'Symbol', 'Side', 'Qty', 'Price', 'Gross', 'Brok.', 'STT', 'Exch.', 'SEBI', 'Stamp', 'GST', 'Net'], widths, true);
    for (const t of note.trades) {
      row(doc, [t.time, t.symbol, t.side, String(t.quantity), docAmount(t.priceMinor), docAmount(t.grossMinor), ...CHARGE_ITEMS.map((k) => docAmount(t.charges[k])), docAmount(t.netMinor)], widths);
    }
    doc.moveDown().fontSize(9);
    const pair = [200, 120];
    for (const k of CHARGE_ITEMS) row(doc, [CHARGE_LABELS[k], `${note.currency} ${docAmount(note.charges[k])}`], pair);
    row(doc, [CHARGE_LABELS.total, `${note.currency} ${docAmount(note.charges.total)}`], pair, true);
    row(doc, ['Bought (paid)', `${note.currency} ${docAmount(note.boughtMinor)}`], pair);
    row(doc, ['Sold (credited)', `${note.currency} ${docAmount(note.soldMinor)}`], pair);
    row(doc, [`Net amount ${note.netMinor >= 0 ? 'receivable' : 'payable'}`, `${note.currency} ${docAmount(Math.abs(note.netMinor))}`], pair, true);
    doc.moveDown().font('Helvetica-Bold').text('Rates');
    doc.font('Helvetica');
    for (const line of rateLines(note.rates)) doc.text(`- ${line}`);
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
