/**
 * Vite build of the administration console (CONVENTIONS "Console"). Builds to `dist/` (served by the
 * server in production); in development `/gateway` is proxied to `MP_API` (default http://localhost:8080).
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: {
      '/gateway': { target: process.env.MP_API ?? 'http://localhost:8080', changeOrigin: true },
    },
  },
});
