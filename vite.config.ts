import fs from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { parse } from '@formatjs/icu-messageformat-parser';

const require = createRequire(import.meta.url);

/**
 * Locale files are parsed into ICU ASTs at build time (formatjs' recommended setup), so the
 * browser ships without the ICU parser (~10 KB gzip off the first load).
 */
function precompileMessages(): Plugin {
  const PREFIX = '\0nivesh-locale:';
  return {
    name: 'nivesh:precompile-messages',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!/[\\/]locales[\\/][a-z]+\.json$/.test(source) || !importer) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      // The '.js' suffix keeps Vite's JSON plugin away from the compiled module.
      return resolved ? `${PREFIX}${resolved.id}.js` : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length, -'.js'.length);
      this.addWatchFile(file);
      const messages = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
      const ast = Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, parse(message)]));
      return `export default ${JSON.stringify(ast)};`;
    },
  };
}

/**
 * Client build. The app shell (React, router, SWR, react-intl, renderer core) is the entry;
 * rjsf loads with the first form block and each locale is its own chunk.
 */
export default defineConfig({
  plugins: [precompileMessages(), react()],
  resolve: {
    alias: [
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: require.resolve('@formatjs/icu-messageformat-parser/no-parser'),
      },
    ],
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: true,
    chunkSizeWarningLimit: 450,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': `http://localhost:${process.env.API_PORT ?? 8080}`,
      '/dev': `http://localhost:${process.env.API_PORT ?? 8080}`,
    },
  },
});
