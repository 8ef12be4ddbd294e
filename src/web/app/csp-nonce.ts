import createCache from '@emotion/cache';
import { provideGlobalGridOptions } from 'ag-grid-community';

/** The style nonce the server put into this page (undefined under the Vite dev server, which sends no CSP). */
export function readCspNonce(doc: Document = document): string | undefined {
  return doc.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content || undefined;
}

/**
 * Lets the styles the app injects pass the server's Content-Security-Policy: emotion (MUI) and ag-grid write
 * `<style>` elements, which need the page's nonce. Returns the emotion cache for the CacheProvider.
 */
export function allowInjectedStyles(nonce = readCspNonce()) {
  provideGlobalGridOptions({ styleNonce: nonce });
  return createCache({ key: 'css', nonce });
}
