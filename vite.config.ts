import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { parse } from '@formatjs/icu-messageformat-parser';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { bundleBudgets } from './scripts/build/budgets';
import { blockChunks } from './scripts/build/block-chunks';
import { fontSubsets } from './scripts/build/font-subsets';

const require = createRequire(import.meta.url);
const ROUTER_DIST = path.resolve(path.dirname(require.resolve('react-router')), '..');

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
 * The installable app: web app manifest and a Workbox service worker that precaches
 * the shell (HTML, JS, CSS, icons), serves screens and their validators stale-while-revalidate
 * and never touches any other `/api` answer (money-moving calls go to the network, always).
 * Offline, navigations get the precached shell, which shows the offline state.
 */
function pwa() {
  return VitePWA({
    registerType: 'autoUpdate',
    // Registered by the app after its first render (renderers/app/service-worker.ts).
    injectRegister: false,
    includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
    manifest: {
      name: 'Nivesh',
      short_name: 'Nivesh',
      description: "Invest in India's markets from your phone.",
      lang: 'de',
      start_url: '/home',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      background_color: '#f3f5f8',
      theme_color: '#0b6b57',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      // The password dictionaries (a 462 KB lazy chunk) are not precached: cached on first use.
      // Ignored by name, because workbox fails the build on a file over its size limit.
      globIgnores: ['budget-report.json', 'assets/password-strength-*.js'],
      maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api\//, /^\/dev\//],
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          // Hashed assets that were not precached: immutable, cached on first use.
          urlPattern: ({ url }) => url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: { cacheName: 'nivesh-assets', expiration: { maxEntries: 100 } },
        },
        {
          // Screens (layout + schemas), their precompiled validators and the
          // messages: data, never money.
          urlPattern: ({ url, request }) => request.method === 'GET' && /^\/api\/ui\/(screens|validators|messages)\//.test(url.pathname),
          handler: 'StaleWhileRevalidate',
          options: { cacheName: 'nivesh-screens', expiration: { maxEntries: 200 }, cacheableResponse: { statuses: [200] } },
        },
      ],
    },
  });
}

/**
 * Client build. The app shell (React, router, SWR, react-intl, renderer core) is the entry;
 * rjsf loads with the first form block and each locale is its own chunk.
 */
export default defineConfig(({ command }) => ({
  plugins: [
    fontSubsets(),
    precompileMessages(),
    react(),
    pwa(),
    // Brotli and gzip files next to every asset; @fastify/static serves them (`preCompressed`).
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      include: /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/,
      threshold: 1024,
    }),
    bundleBudgets(),
    blockChunks(),
  ],
  resolve: {
    alias: [
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        // The ES module build: the CommonJS one pulls all of tslib (~5 KB gzip) into the first load.
        replacement: path.join(path.dirname(require.resolve('@formatjs/icu-messageformat-parser/no-parser')), 'lib/no-parser.js'),
      },
      // rjsf's markdown descriptions are never enabled: keep the parser out of the form chunk.
      { find: /^fast-uri$/, replacement: fileURLToPath(new URL('./renderers/form/uri-stub.ts', import.meta.url)) },
      // react-router's exports name only its development build; the production one has no dev warnings.
      ...(command === 'build' ? [
        // Bundle budget: Preact's React compatibility layer (~11 KB gzip) instead of React 19's
        // DOM client (~60 KB gzip) in the built app; the unit tests keep rendering with React.
        { find: /^react$/, replacement: 'preact/compat' },
        { find: /^react-dom$/, replacement: 'preact/compat' },
        { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
        { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
        { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
        { find: /^react-router$/, replacement: path.join(ROUTER_DIST, 'production/index.mjs') },
        { find: /^react-router\/dom$/, replacement: path.join(ROUTER_DIST, 'production/dom-export.mjs') },
      ] : []),
      { find: /^markdown-to-jsx\/react$/, replacement: fileURLToPath(new URL('./renderers/form/markdown-stub.tsx', import.meta.url)) },
    ],
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: true,
    manifest: true,
    // What an investor's page loads first is held by the bundle budgets (scripts/build/budgets.ts,
    // the build fails over them). The two chunks above 450 kB load only on demand: the studio
    // with its code editor (staff) and the password-strength dictionaries (register and
    // change password), so the warning names only a chunk larger than those.
    chunkSizeWarningLimit: 1100,
    rollupOptions: {
      // Shared chunks of a few hundred bytes (a skeleton, an icon, a helper) merged into their
      // neighbours where that loads nothing extra: every file is a request, and a phone on a
      // mobile network pays a round trip for each one its six connections queue.
      output: { experimentalMinChunkSize: 8_000 },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': `http://localhost:${process.env.API_PORT ?? 8080}`,
      '/dev': `http://localhost:${process.env.API_PORT ?? 8080}`,
    },
  },
}));
