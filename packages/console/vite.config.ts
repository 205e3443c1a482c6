/**
 * Vite build of the administration console (CONVENTIONS "Console"). Builds to `dist/` (served by the
 * server in production); in development `/gateway` is proxied to `MP_API` (default http://localhost:8080).
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { faceModels } from './face-models.vite';

export default defineConfig({
  base: '/',
  plugins: [react(), faceModels()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // rollup's manifest: e2e/bundle-size.ts reads what the sign-in page loads from it (issue 17)
    manifest: true,
    rolldownOptions: {
      // @mp/protocol's TypeBox schemas are built at module level; marked pure, the ones the console does
      // not use are dropped (with TypeBox itself when no screen of a chunk needs a schema)
      treeshake: { manualPureFunctions: ['Type'], moduleSideEffects: [{ test: /[\\/]node_modules[\\/]typebox[\\/]/, sideEffects: false }] },
    },
  },
  server: {
    proxy: {
      '/gateway': { target: process.env.MP_API ?? 'http://localhost:8080', changeOrigin: true },
    },
  },
});
