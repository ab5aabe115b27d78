/**
 * Documents of an investor (docs/product.md, Documents): contract notes per trade day and the
 * capital-gains statement per financial year, as files (HTML, PDF, CSV) and as the links the
 * /statements screen downloads them by.
 */
import { AppError } from '../errors.js';
import type { Deps } from '../deps.js';
import { capitalGainsCsv, financialYearRange, financialYears, loadCapitalGains } from './capital-gains.js';
import { contractNoteHtml, loadContractNote, noteText } from './contract-notes.js';
import type { Locale } from '../../../shared/lang.js';
import { capitalGainsPdf, contractNotePdf } from './pdf.js';

export { listContractNotes } from './contract-notes.js';

/** A file to fetch with the session's token: its `/api` path and the name to save it as. */
export interface DocumentLink {
  url: string;
  filename: string;
}

/** A file's bytes and headers. */
export interface DocumentFile {
  body: Buffer | string;
  contentType: string;
  filename: string;
}

const noteFormat = (format: unknown): 'html' | 'pdf' => {
  if (format === undefined || format === 'html') return 'html';
  if (format === 'pdf') return 'pdf';
  throw new AppError('documentFormatInvalid', { formats: 'html, pdf' });
};

const statementFormat = (format: unknown): 'csv' | 'pdf' => {
  if (format === undefined || format === 'csv') return 'csv';
  if (format === 'pdf') return 'pdf';
  throw new AppError('documentFormatInvalid', { formats: 'csv, pdf' });
};

/**
 * `documents/contractNoteLink {id, format}`: where to fetch the investor's note, in the
 * request's language (`lang` carried on the link).
 * @throws AppError `contractNoteUnavailable` (not the investor's or unknown), `documentFormatInvalid`.
 */
export async function contractNoteLink(deps: Deps, userId: string, input: { id: string; format: string }, locale: Locale): Promise<DocumentLink> {
  const format = noteFormat(input.format);
  const note = await loadContractNote(deps, userId, input.id);
  return { url: `/api/documents/contract-note/${encodeURIComponent(note.id)}?format=${format}&lang=${locale}`, filename: `${note.number}.${format}` };
}

/**
 * `GET /api/documents/contract-note/:id?format=html|pdf&lang=de|en|hi|zh` (default html, de):
 * the note as a file in that language.
 * @throws AppError `contractNoteUnavailable`, `documentFormatInvalid`.
 */
export async function contractNoteFile(deps: Deps, userId: string, id: string, format: unknown, locale: Locale): Promise<DocumentFile> {
  const kind = noteFormat(format);
  const note = await loadContractNote(deps, userId, id);
  const text = noteText(deps.messages, locale);
  if (kind === 'pdf') return { body: await contractNotePdf(note, text, deps.clock.now()), contentType: 'application/pdf', filename: `${note.number}.pdf` };
  return { body: contractNoteHtml(note, text), contentType: 'text/html; charset=utf-8', filename: `${note.number}.html` };
}

/**
 * `documents/capitalGainsLink {fy, format}`: where to fetch the statement; the PDF's link
 * carries the request's language (the CSV is for spreadsheets: English headings in every language).
 * @throws AppError `financialYearInvalid`, `documentFormatInvalid`.
 */
export function capitalGainsLink(input: { fy: string; format: string }, locale: Locale): DocumentLink {
  const format = statementFormat(input.format);
  const { fy } = financialYearRange(input.fy);
  return { url: `/api/documents/capital-gains?fy=${fy}&format=${format}${format === 'pdf' ? `&lang=${locale}` : ''}`, filename: `capital-gains-${fy}.${format}` };
}

/**
 * `GET /api/documents/capital-gains?fy=YYYY-YY&format=csv|pdf&lang=de|en|hi|zh` (default csv):
 * the PDF in that language; the CSV with English headings and plain `1234.50` amounts, the same
 * in every language, for spreadsheets and tax software.
 * @throws AppError `financialYearInvalid`, `documentFormatInvalid`.
 */
export async function capitalGainsFile(deps: Deps, userId: string, fy: unknown, format: unknown, locale: Locale): Promise<DocumentFile> {
  const kind = statementFormat(format);
  const statement = await loadCapitalGains(deps, userId, fy);
  const filename = `capital-gains-${statement.fy}.${kind}`;
  if (kind === 'pdf') return { body: await capitalGainsPdf(statement, noteText(deps.messages, locale), deps.clock.now()), contentType: 'application/pdf', filename };
  return { body: capitalGainsCsv(statement), contentType: 'text/csv; charset=utf-8', filename };
}

/** One line of `documents/financialYears`: a year and its gains, account-currency units. */
export interface FinancialYearSummary {
  /** `2026-27`; also the list's id. */
  id: string;
  fy: string;
  shortTermGain: number;
  longTermGain: number;
  sales: number;
}

/** `documents/financialYears {}`: the years from the first trade's to the current one, newest first, with their gains. */
export async function financialYearSummaries(deps: Deps, userId: string): Promise<FinancialYearSummary[]> {
  const years = await financialYears(deps, userId);
  return Promise.all(
    years.map(async (fy) => {
      const s = await loadCapitalGains(deps, userId, fy);
      return { id: fy, fy, shortTermGain: s.shortTerm.gainMinor / 100, longTermGain: s.longTerm.gainMinor / 100, sales: s.rows.length };
    }),
  );
}
