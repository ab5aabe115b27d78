/**
 * Fonts for PDF text in every app language. Latin-1 text uses the standard Helvetica; any other
 * character uses the Noto Sans file the app already ships that covers it — the Devanagari and
 * Latin-extended files of `@fontsource-variable/noto-sans` and the unicode-range slices of
 * `@fontsource-variable/noto-sans-sc` (Chinese) — as listed in each package's `unicode.json`.
 * The files are WOFF2, whose glyph table pdfkit's subsetter cannot copy, so each is turned back
 * into TrueType with Google's WOFF2 decoder (`wawoff2`, WebAssembly) once per process before a
 * document uses it ({@link loadFontsFor}). pdfkit embeds only the glyphs used, shaped by fontkit
 * (Devanagari conjuncts and matras).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import decompress from 'wawoff2/decompress.js';

/** One font file and the code point ranges it covers. */
interface FontFile {
  /** The name pdfkit registers it under (the file name). */
  name: string;
  file: string;
  ranges: Array<[number, number]>;
}

/** A stretch of text set in one font (`Helvetica` or a registered Noto file). */
export interface FontRun {
  font: string;
  text: string;
}

const require = createRequire(import.meta.url);

/** `U+0900-097F,U+20B9` as ranges. */
function parseRanges(text: string): Array<[number, number]> {
  return text.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from!, 16), parseInt(to ?? from!, 16)] as [number, number];
  });
}

/** The files of a fontsource package with their ranges, in the order given by `subsets` (all slices when absent). */
function packageFonts(pkg: string, fileOf: (subset: string) => string, subsets?: string[]): FontFile[] {
  const dir = path.dirname(require.resolve(`${pkg}/package.json`));
  const unicode = JSON.parse(fs.readFileSync(path.join(dir, 'unicode.json'), 'utf8')) as Record<string, string>;
  return (subsets ?? Object.keys(unicode)).map((subset) => {
    const file = path.join(dir, 'files', fileOf(subset));
    return { name: path.basename(file), file, ranges: parseRanges(unicode[subset]!) };
  });
}

let fonts: FontFile[] | null = null;

/** Every Noto file a PDF may need, read once. */
function noto(): FontFile[] {
  fonts ??= [
    ...packageFonts('@fontsource-variable/noto-sans', (s) => `noto-sans-${s}-wght-normal.woff2`, ['latin', 'latin-ext', 'devanagari']),
    ...packageFonts('@fontsource-variable/noto-sans-sc', (s) => `noto-sans-sc-${s.replace(/[[\]]/g, '')}-wght-normal.woff2`),
  ];
  return fonts;
}

/** TrueType bytes of the Noto files loaded so far, by name. */
const loaded = new Map<string, Buffer>();

/**
 * Loads (once per process) the font files the characters of `text` need, so a document can set
 * it synchronously.
 */
export async function loadFontsFor(text: string): Promise<void> {
  const files = new Map<string, FontFile>();
  for (const char of text) {
    const file = fontOf(char.codePointAt(0)!);
    if (file && !loaded.has(file.name)) files.set(file.name, file);
  }
  for (const file of files.values()) loaded.set(file.name, Buffer.from(await decompress(fs.readFileSync(file.file))));
}

/** The font a character is set in: Helvetica for Latin-1, else the first Noto file covering it (Helvetica when none does). */
function fontOf(codePoint: number): FontFile | null {
  if (codePoint <= 0xff) return null;
  return noto().find((f) => f.ranges.some(([a, b]) => codePoint >= a && codePoint <= b)) ?? null;
}

/**
 * Splits `text` into runs of one font each and registers the Noto files they use with `doc`.
 * @param base the standard font for Latin-1 text (`Helvetica` or `Helvetica-Bold`).
 * @throws Error when a file the text needs was not loaded by {@link loadFontsFor} first.
 */
export function fontRuns(doc: PDFKit.PDFDocument, text: string, base: string): FontRun[] {
  const runs: FontRun[] = [];
  for (const char of text) {
    const file = fontOf(char.codePointAt(0)!);
    // Spaces and marks inside another script's run stay with it (a Devanagari word keeps its shaping).
    const font = file ? file.name : runs.length && /[\s\u200c\u200d]/.test(char) ? runs[runs.length - 1]!.font : base;
    if (file) {
      const bytes = loaded.get(file.name);
      if (!bytes) throw new Error(`font ${file.name} not loaded (loadFontsFor)`);
      doc.registerFont(file.name, bytes);
    }
    const last = runs[runs.length - 1];
    if (last && last.font === font) last.text += char;
    else runs.push({ font, text: char });
  }
  return runs;
}
