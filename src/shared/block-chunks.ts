/**
 * The build's map of lazily loaded block kinds to their built files: written by
 * `scripts/build/block-chunks.ts`, read by the server's shell (`src/server/http/shell.ts`).
 */

/** Where the map lives, relative to the client build folder (a dot folder: never served). */
export const BLOCK_CHUNKS_FILE = '.vite/block-chunks.json';

/** The built files one lazily loaded block kind needs, relative to the build folder. */
export interface BlockChunkFiles {
  js: string[];
  css: string[];
}
