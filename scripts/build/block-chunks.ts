/**
 * Which built files each lazily loaded block kind needs: written at the
 * end of every client build to `dist/client/.vite/block-chunks.json` as
 * `{ "<kind>": { "js": ["assets/…js", …], "css": ["assets/…css"] } }` (dot folder: not served).
 * The server's shell reads it to `modulepreload` the chunks of the entry route's lazy kinds, so
 * they download in parallel with the screen JSON instead of one round trip after it.
 *
 * A kind's dynamic entries are the dynamic imports of its `renderers/blocks/<kind>/index.ts` and
 * of the modules that file imports statically (e.g. `contentChunk.ts` → `content.ts`;
 * `widgets/deferred.ts` → the widgets). Each entry counts with its static imports, transitively;
 * files the entry (`index.html`) already loads are left out, and so are kinds whose component
 * ships with the shell (their index imports a `.tsx` file of their folder: `buttons`, the
 * chart's frame).
 */
import type { Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rollup';
import { BLOCK_CHUNKS_FILE, type BlockChunkFiles } from '../../src/shared/block-chunks';

const KIND_INDEX = /[\\/]renderers[\\/]blocks[\\/]([A-Za-z0-9]+)[\\/]index\.ts$/;

/** The Vite plugin (build only). */
export function blockChunks(): Plugin {
  return {
    name: 'nivesh-block-chunks',
    apply: 'build',
    generateBundle(_options, bundle: OutputBundle) {
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
      const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const byFacade = new Map(chunks.filter((chunk) => chunk.facadeModuleId).map((chunk) => [chunk.facadeModuleId!, chunk]));
      const withStaticImports = (chunk: OutputChunk, into: Set<OutputChunk>) => {
        if (into.has(chunk)) return;
        into.add(chunk);
        for (const file of chunk.imports) {
          const next = byFileName.get(file);
          if (next) withStaticImports(next, into);
        }
      };
      const entryFiles = new Set<OutputChunk>();
      for (const chunk of chunks) if (chunk.isEntry) withStaticImports(chunk, entryFiles);

      const result: Record<string, BlockChunkFiles> = {};
      for (const id of this.getModuleIds()) {
        const kind = KIND_INDEX.exec(id)?.[1];
        const info = kind ? this.getModuleInfo(id) : null;
        if (!kind || !info) continue;
        // A kind that ships its component with the shell (its index imports a component of its folder,
        // e.g. the chart's frame) renders at once; what it loads later must not compete with
        // the first paint.
        const folder = id.slice(0, id.length - 'index.ts'.length);
        if (info.importedIds.some((imported) => imported.startsWith(folder) && imported.endsWith('.tsx'))) continue;
        const dynamicEntries = new Set(info.dynamicallyImportedIds);
        for (const imported of info.importedIds) for (const target of this.getModuleInfo(imported)?.dynamicallyImportedIds ?? []) dynamicEntries.add(target);
        const needed = new Set<OutputChunk>();
        for (const target of dynamicEntries) {
          const chunk = byFacade.get(target);
          if (chunk) withStaticImports(chunk, needed);
        }
        const files = [...needed].filter((chunk) => !entryFiles.has(chunk));
        if (!files.length) continue; // shipped with the shell
        result[kind] = {
          js: files.map((chunk) => chunk.fileName).sort(),
          css: [...new Set(files.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))].sort(),
        };
      }
      this.emitFile({ type: 'asset', fileName: BLOCK_CHUNKS_FILE, source: `${JSON.stringify(result, null, 2)}\n` });
    },
  };
}
