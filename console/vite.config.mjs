import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

/** The console: a static build served by the api role at /console (see src/modules/console). */
export default defineConfig({
  root: here,
  base: '/console/',
  // Preact's automatic JSX runtime, without a framework plugin.
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: fileURLToPath(new URL('../dist/console', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // No inline data: URIs, so the page runs under a strict Content-Security-Policy.
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
  logLevel: 'warn',
});
