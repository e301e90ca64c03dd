import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { linguiCompile } from './lingui-compile.ts';
import { PREACT_FOR_REACT } from './preact-for-react.ts';
import { precompress } from './precompress.ts';
import { shellLanguages } from './shell-languages.ts';

const API_ORIGIN = 'http://127.0.0.1:3000';

// The API keeps the original product's top-level paths, so each one is proxied in dev.
const API_PATHS = [
  '/api',
  '/locations',
  '/services',
  '/therapists',
  '/availability-slots',
  '/booked-slots',
  '/confirm-booking',
  '/get_location_image',
  '/get_specific_image',
  '/healthz',
  '/readyz',
];

/**
 * In production the server puts CLINIC_TIMEZONE into index.html (apps/server/src/http/web-app.ts);
 * under `vite` (npm run dev, which gives the API server the same environment) this does it, so
 * the browser reckons dates in the same zone. Unset, the web app falls back to Asia/Kolkata.
 */
function clinicTimeZoneInDev(): Plugin {
  return {
    name: 'clinic-time-zone',
    apply: 'serve',
    transformIndexHtml() {
      const zone = process.env.CLINIC_TIMEZONE?.trim();
      // IANA names only; anything else is left to the server, which refuses to start with it.
      if (!zone || !/^[A-Za-z0-9_+\-/]+$/.test(zone)) return;
      return [{ tag: 'meta', attrs: { name: 'clinic-time-zone', content: zone }, injectTo: 'head' }];
    },
  };
}

export default defineConfig({
  plugins: [linguiCompile(), clinicTimeZoneInDev(), shellLanguages(), precompress()],
  // No React Fast Refresh under Preact: an edited file reloads the page in `npm run dev`.
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  resolve: {
    alias: [
      // wouter's shim of useSyncExternalStore for React 17: React 18 and later have it.
      {
        find: 'use-sync-external-store/shim/index.js',
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store.ts', import.meta.url)),
      },
      ...PREACT_FOR_REACT,
    ],
  },
  build: {
    outDir: 'dist',
    // Every browser the site supports preloads modules itself: no polyfill in the first script.
    modulePreload: {
      polyfill: false,
      // The page preloads what the first script imports; a lazy chunk's own imports are not
      // listed in the first script (their names alone weighed about a kilobyte): the later steps
      // load while the visitor makes the first choice, and the pages opened from a link get
      // theirs preloaded by the server (web-app-preloads.ts).
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    emptyOutDir: true,
    // The server reads it to preload a lazy page's files with the page (web-app-preloads.ts).
    manifest: true,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(API_PATHS.map((path) => [path, { target: API_ORIGIN, changeOrigin: false }])),
  },
});
