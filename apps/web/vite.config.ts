import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(API_PATHS.map((path) => [path, { target: API_ORIGIN, changeOrigin: false }])),
  },
});
