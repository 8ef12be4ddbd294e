import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

const webForms = (file: string) => fileURLToPath(new URL(`src/web/forms/${file}`, import.meta.url));

// rjsf's registries, by the module that imports them: core's default registry and the MUI theme's templates and widgets.
const leanRegistries: { importer: string; source: string; file: string }[] = [
  { importer: '/node_modules/@rjsf/core/lib/', source: 'getDefaultRegistry.js', file: 'rjsf/core-registry.ts' },
  {
    importer: '/node_modules/@rjsf/mui/lib/Templates/index.js',
    source: './Templates.js',
    file: 'rjsf/mui-templates.ts',
  },
  { importer: '/node_modules/@rjsf/mui/lib/Widgets/index.js', source: './Widgets.js', file: 'rjsf/mui-widgets.ts' },
];

/**
 * rjsf's heavy helpers it rarely needs, replaced for its imports only: markdown-to-jsx (loaded on first use,
 * forms/lazy-markdown.tsx), fast-uri (forms/uri-resolver.ts, on the browser's URL), and its registries of fields,
 * templates and widgets (forms/rjsf/: what no first screen draws is loaded on first use).
 */
function rjsfLightDependencies(): Plugin {
  return {
    name: 'rjsf-light-dependencies',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'markdown-to-jsx/react' && importer?.includes('/node_modules/@rjsf/core/'))
        return webForms('lazy-markdown.tsx');
      if (source === 'fast-uri' && importer?.includes('/node_modules/@rjsf/utils/')) return webForms('uri-resolver.ts');
      const lean = leanRegistries.find((entry) => importer?.includes(entry.importer) && source.endsWith(entry.source));
      if (lean) return webForms(lean.file);
      return null;
    },
  };
}

/** MUI's ripple, for ButtonBase's import only: the theme turns ripples off (app/theme.ts), so none is ever drawn. */
function muiWithoutRipples(): Plugin {
  const stub = fileURLToPath(new URL('src/web/shared/no-touch-ripple.ts', import.meta.url));
  return {
    name: 'mui-without-ripples',
    enforce: 'pre',
    resolveId(source, importer) {
      const isButtonBase = importer?.includes('/node_modules/@mui/material/ButtonBase/ButtonBase.');
      return isButtonBase && /^\.\/TouchRipple(\.m?js)?$/.test(source) ? stub : null;
    },
  };
}

// The web app lives in src/web; the server serves dist/web in production.
export default defineConfig({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [rjsfLightDependencies(), muiWithoutRipples(), react()],
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
