import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import { precompress } from './precompress';

// The api's dev port; in production the api serves dist/ itself, so the app always calls its own origin.
const API_ORIGIN = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

const BRAND = '#4f46e5';

/**
 * Installable, and opens offline after one visit: the service worker precaches the app shell and
 * every screen's chunk. A new version waits for the learner ("A new version is ready — Reload"),
 * never swapped in mid-study; the page registers it itself (virtual:pwa-register), since the CSP
 * allows no inline script.
 */
const pwaOptions = {
  registerType: 'prompt',
  injectRegister: false,
  includeAssets: ['favicon.svg', 'theme.js'],
  manifest: {
    id: '/',
    name: 'LearnBoost',
    short_name: 'LearnBoost',
    description: 'Flashcards, planner and study rooms that keep working offline',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: BRAND,
    background_color: '#f8fafc',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    // Every page of the app is index.html; the api and the socket are never answered from cache.
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io\//],
    cleanupOutdatedCaches: true,
    // The planner's, the dashboard's and the tests' last answers, shown with no network
    // ("Offline — showing your last saved data"); the network first whenever there is one.
    // Forgotten at sign-out (web/src/lib/offline.ts), so the next learner never sees them.
    runtimeCaching: [
      {
        urlPattern: ({ url, request }) =>
          request.method === 'GET' && /^\/api\/(study-planner|dashboard|knowledge-tests)(\/|\?|$)/.test(url.pathname),
        handler: 'NetworkFirst',
        options: { cacheName: 'api-last-data', networkTimeoutSeconds: 5 },
      },
    ],
  },
} satisfies Partial<VitePWAOptions>;

export default defineConfig({
  plugins: [react(), tailwindcss(), VitePWA(pwaOptions), precompress()],
  server: {
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: true },
      '/socket.io': { target: API_ORIGIN, changeOrigin: true, ws: true },
    },
  },
  // WEB_OUT_DIR: the e2e suite builds into a folder of its own, so two runs never share one.
  build: {
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    rollupOptions: {
      onwarn(warning, warn) {
        // zod writes explanatory comments where Rollup looks for /*#__PURE__*/ marks; Rollup drops
        // them and says so. Harmless, and not ours to fix: a first `pnpm start` should not read as broken.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
      output: {
        // Libraries that change rarely, in chunks of their own: cached across releases, and the
        // app's own entry stays small (every page is a lazy chunk already).
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/[\\/](react|react-dom|scheduler|react-router)[\\/]/.test(id)) return 'react';
          if (/[\\/]zod[\\/]/.test(id)) return 'zod';
          if (id.includes('@radix-ui') || id.includes('@floating-ui')) return 'radix';
          if (/socket\.io|engine\.io/.test(id)) return 'socket-io';
          return undefined;
        },
      },
    },
  },
});
