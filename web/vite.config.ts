import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress';

// The api's dev port; in production the api serves dist/ itself, so the app always calls its own origin.
const API_ORIGIN = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: true },
      '/socket.io': { target: API_ORIGIN, changeOrigin: true, ws: true },
    },
  },
  // WEB_OUT_DIR: the e2e suite builds into a folder of its own, so two runs never share one.
  build: { outDir: process.env.WEB_OUT_DIR ?? 'dist', emptyOutDir: true },
});
