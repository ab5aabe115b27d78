/** Types of `subset-font` (HarfBuzz font subsetting; the package ships none). */
declare module 'subset-font' {
  /** Options of {@link subsetFont}. */
  export interface SubsetFontOptions {
    /** Output format (default: the input's). */
    targetFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2';
    /** Name table ids kept beside the default ones. */
    preserveNameIds?: number[];
    /** Axes pinned or narrowed; unnamed axes are kept whole. */
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
    /** Skip the layout closure (glyphs reachable through GSUB). */
    noLayoutClosure?: boolean;
  }
  /** The font `font` reduced to the glyphs of `text`; rejects when HarfBuzz cannot read it. */
  export default function subsetFont(font: Buffer, text: string, options?: SubsetFontOptions): Promise<Buffer>;
}
