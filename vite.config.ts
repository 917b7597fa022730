import { defineConfig } from 'vite';

// The sandbox page: Preact + Chart.js, built into web/dist and served by the app itself.
// Vite 8 transforms with Oxc; its JSX options replace the deprecated `esbuild` ones.
export default defineConfig({
  root: 'web',
  base: '/',
  publicDir: false,
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 600,
  },
  logLevel: 'warn',
});
