import { describe, expect, it } from 'vitest';
import { preloadFonts } from '../../src/app/fonts';

/** A stand-in FontFace that records whether it was asked to load. */
function face(family: string, unicodeRange: string) {
  const record = { family, unicodeRange, style: 'normal', status: 'unloaded' as FontFaceLoadStatus, loaded: false };
  return Object.assign(record, {
    load() {
      record.loaded = true;
      record.status = 'loading';
      return Promise.resolve(record);
    },
  });
}

/** Fontsource's Noto Sans faces in their declaration order, then the rupee subset. */
function notoSans() {
  return {
    devanagari: face('"Noto Sans Variable"', 'U+0900-097F, U+200C-200D, U+20B9, U+25CC'),
    latinExt: face('"Noto Sans Variable"', 'U+0100-02BA, U+20A0-20AB, U+20AD-20C0, U+A720-A7FF'),
    latin: face('"Noto Sans Variable"', 'U+0000-00FF, U+2000-206F, U+20AC'),
    rupee: face('"Noto Sans Variable"', 'U+20B9'),
    sc: face('"Noto Sans SC Variable"', 'U+0000-00FF, U+2000-206F'),
  };
}

describe('preloadFonts', () => {
  it('loads the one face a character is drawn with: the last declared whose range holds it', () => {
    const faces = notoSans();
    preloadFonts('de', Object.values(faces) as unknown as FontFace[]);
    expect(faces.latin.loaded).toBe(true);
    expect(faces.rupee.loaded).toBe(true);
    // ₹ is in these ranges too, but the browser draws it with the later rupee face.
    expect(faces.latinExt.loaded).toBe(false);
    expect(faces.devanagari.loaded).toBe(false);
    expect(faces.sc.loaded).toBe(false);
  });

  it('loads Devanagari for Hindi and Noto Sans SC\'s Latin slice for Chinese', () => {
    const hindi = notoSans();
    preloadFonts('hi', Object.values(hindi) as unknown as FontFace[]);
    expect(hindi.devanagari.loaded).toBe(true);
    expect(hindi.latinExt.loaded).toBe(false);
    const chinese = notoSans();
    preloadFonts('zh', Object.values(chinese) as unknown as FontFace[]);
    expect(chinese.sc.loaded).toBe(true);
    expect(chinese.rupee.loaded).toBe(true);
    expect(chinese.latin.loaded).toBe(false);
  });

  it('does nothing without a font set', () => {
    expect(() => preloadFonts('de', undefined)).not.toThrow();
  });
});
