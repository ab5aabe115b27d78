/**
 * Font subsets made at build time. Fontsource's Noto Sans puts the rupee sign (U+20B9) in its
 * `latin-ext` face (U+20AD-20C0), a 165 KB variable font: every screen that shows a ₹ price
 * downloaded all of it for one glyph. Each {@link FontSubset} here is cut from a fontsource file
 * with HarfBuzz (`subset-font`: the glyphs of its characters, the weight axis and metrics kept,
 * so the glyph is drawn exactly as from the whole file) and declared as one more face of the
 * same family. Declared after fontsource's faces, it is the first face the browser checks for
 * its characters (the CSS Fonts rule for overlapping `unicode-range`s: the last one declared
 * wins), so a German or English screen fetches the small subset instead of `latin-ext`; text
 * with other `latin-ext` characters still gets the whole face.
 *
 * The files and their stylesheet are written at the start of every build and dev server to
 * `node_modules/.cache/nivesh-font-subsets/`, importable as `nivesh-font-subsets/fonts.css`
 * (`src/app/main.tsx`); Vite hashes (or inlines) the font like any asset the CSS names.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import subsetFont from 'subset-font';

/** One subset: the characters cut from a fontsource file, declared as a face of its family. */
export interface FontSubset {
  /** Output file name (`.woff2`). */
  file: string;
  /** The source: a fontsource package's file, resolved from node_modules. */
  from: string;
  /** The characters kept; also the face's `unicode-range`. */
  text: string;
  /** The `@font-face` descriptors the source file has in fontsource's stylesheet. */
  family: string;
  style: 'normal' | 'italic';
  weight: string;
}

/** The subsets of the app's fonts (Noto Sans Variable, `wght` axis, upright). */
export const FONT_SUBSETS: FontSubset[] = [
  {
    file: 'noto-sans-rupee-wght-normal.woff2',
    from: '@fontsource-variable/noto-sans/files/noto-sans-latin-ext-wght-normal.woff2',
    text: '\u20B9',
    family: 'Noto Sans Variable',
    style: 'normal',
    weight: '100 900',
  },
];

/** The import specifier of the generated stylesheet. */
export const FONT_SUBSETS_MODULE = 'nivesh-font-subsets';

const unicodeRange = (text: string) =>
  [...new Set([...text].map((char) => char.codePointAt(0)!))].sort((a, b) => a - b).map((code) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`).join(',');

/** The stylesheet declaring `subsets` (fonts named relative to it). */
export function fontSubsetsCss(subsets: FontSubset[] = FONT_SUBSETS): string {
  return subsets
    .map((subset) => `@font-face {\n  font-family: '${subset.family}';\n  font-style: ${subset.style};\n  font-display: swap;\n  font-weight: ${subset.weight};\n  src: url(./${subset.file}) format('woff2-variations');\n  unicode-range: ${unicodeRange(subset.text)};\n}\n`)
    .join('\n');
}

/** Writes `file` only when its bytes change (a dev server's watcher sees no needless change). */
function writeIfChanged(file: string, bytes: Buffer | string) {
  const next = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  if (fs.existsSync(file) && fs.readFileSync(file).equals(next)) return;
  fs.writeFileSync(file, next);
}

/**
 * The Vite plugin: makes the subsets and their stylesheet when a build or dev server starts, and
 * resolves `nivesh-font-subsets/…` to them.
 * @throws Error (fails the build) when a source file is missing or HarfBuzz cannot cut it.
 */
export function fontSubsets(subsets: FontSubset[] = FONT_SUBSETS): Plugin {
  let dir = '';
  return {
    name: 'nivesh:font-subsets',
    enforce: 'pre',
    configResolved(config) {
      dir = path.join(config.root, 'node_modules/.cache', FONT_SUBSETS_MODULE);
    },
    async buildStart() {
      const require = createRequire(path.join(path.dirname(dir), '..', '..', 'package.json'));
      fs.mkdirSync(dir, { recursive: true });
      for (const subset of subsets) {
        const source = fs.readFileSync(require.resolve(subset.from));
        const font = await subsetFont(source, subset.text, { targetFormat: 'woff2' });
        writeIfChanged(path.join(dir, subset.file), font);
      }
      writeIfChanged(path.join(dir, 'fonts.css'), fontSubsetsCss(subsets));
    },
    resolveId(source) {
      if (!source.startsWith(`${FONT_SUBSETS_MODULE}/`)) return null;
      return path.join(dir, source.slice(FONT_SUBSETS_MODULE.length + 1));
    },
  };
}
