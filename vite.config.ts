import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Client build. The app shell (React, router, SWR, react-intl, renderer core) is the entry;
 * rjsf loads with the first form block and each locale file is its own chunk.
 */
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: true,
    chunkSizeWarningLimit: 400,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': `http://localhost:${process.env.API_PORT ?? 8080}`,
      '/dev': `http://localhost:${process.env.API_PORT ?? 8080}`,
    },
  },
});
