/** Types of `wawoff2`'s decoder (Google's WOFF2 library compiled to WebAssembly); the package ships none. */
declare module 'wawoff2/decompress.js' {
  /** A WOFF2 font's bytes as TrueType (or OpenType) bytes. @throws Error when the input is no WOFF2 font. */
  export default function decompress(woff2: Uint8Array): Promise<Uint8Array>;
}
