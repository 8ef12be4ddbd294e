import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

// The web app lives in src/web; the server serves dist/web in production.
export default defineConfig({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // dist/web/.vite/manifest.json: which chunk imports which, so a test proves staff code stays out of dealer pages.
    manifest: true,
    chunkSizeWarningLimit: 900,
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': apiTarget, '/auth': apiTarget },
  },
});
