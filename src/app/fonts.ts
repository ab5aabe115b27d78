/**
 * The app's fonts load with the scripts, not with the first layout that needs them. A face
 * declared by `@font-face` is fetched only once laid-out text asks for it, and with
 * `font-display: swap` the page is then laid out and painted again when it arrives — on a phone
 * whole-page layouts after the first render (the Latin face, then the rupee sign's subset),
 * each a long task. Asked for at start, they are often there before the first render.
 */
import type { Locale } from '../shared/lang';

/** Per language: the family and the characters whose faces its screens draw first. */
const FIRST_FACES: Record<Locale, Array<{ family: string; text: string }>> = {
  de: [{ family: 'Noto Sans Variable', text: 'a\u20B9' }],
  en: [{ family: 'Noto Sans Variable', text: 'a\u20B9' }],
  hi: [{ family: 'Noto Sans Variable', text: 'a\u0905\u20B9' }],
  // Chinese screens draw Latin text in Noto Sans SC's own Latin slice.
  zh: [{ family: 'Noto Sans SC Variable', text: 'a' }, { family: 'Noto Sans Variable', text: '\u20B9' }],
};

/** Whether a `unicode-range` value (`U+0100-02BA, U+20B9, …`) holds `code`. */
function covers(range: string, code: number): boolean {
  return range.split(',').some((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-');
    return code >= parseInt(from!, 16) && code <= parseInt(to!, 16);
  });
}

/**
 * Starts loading, for each sample character of `locale`, the one face the browser draws it
 * with: the last declared face of the family whose range holds it (overlapping ranges: the last
 * declared wins). `FontFaceSet.load` would fetch every face whose range holds the character
 * (the rupee sign: Devanagari and latin-ext too). Never throws; a face that fails to load is
 * drawn in the fallback as before.
 * @param fonts the document's font set (absent in environments without CSS fonts).
 */
export function preloadFonts(locale: Locale, fonts: Iterable<FontFace> | undefined = globalThis.document?.fonts): void {
  if (!fonts) return;
  const faces = [...fonts];
  for (const { family, text } of FIRST_FACES[locale]) {
    const ofFamily = faces.filter((face) => face.family.replace(/["']/g, '') === family && face.style === 'normal');
    for (const char of text) {
      const face = ofFamily.findLast((candidate) => covers(candidate.unicodeRange, char.codePointAt(0)!));
      if (face?.status === 'unloaded') face.load().catch(() => undefined);
    }
  }
}
