import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

const lazyMarkdown = fileURLToPath(new URL('src/web/forms/lazy-markdown.tsx', import.meta.url));

/** @rjsf/core's markdown-to-jsx imports get src/web/forms/lazy-markdown.tsx: the parser loads only when used. */
function rjsfMarkdownOnDemand(): Plugin {
  return {
    name: 'rjsf-markdown-on-demand',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'markdown-to-jsx/react' && importer?.includes('/node_modules/@rjsf/core/')) return lazyMarkdown;
      return null;
    },
  };
}

// The web app lives in src/web; the server serves dist/web in production.
export default defineConfig({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [rjsfMarkdownOnDemand(), react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // dist/web/.vite/manifest.json: which chunk imports which, so a test proves staff code stays out of dealer pages.
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // The engine's modules run nothing on import: a page that uses none of a module's exports (the dealer pages and
      // the definition checks with their ajv) does not load it.
      treeshake: { moduleSideEffects: (id) => !id.includes('/src/engine/') },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': apiTarget, '/auth': apiTarget },
  },
});
