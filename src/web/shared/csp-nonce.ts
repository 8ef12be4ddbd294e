import createCache from '@emotion/cache';

/** The style nonce the server put into this page (undefined under the Vite dev server, which sends no CSP). */
export function readCspNonce(doc: Document = document): string | undefined {
  return doc.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content || undefined;
}

/** For ag-grid's `styleNonce` option: its injected theme styles need it too. */
export const cspNonce = readCspNonce();

// notistack's goober sets `window.__nonce__` on its style element every time it writes (already when notistack's
// module loads), so it is set here, on import: main.tsx imports this module first.
if (typeof window === 'object') (window as { __nonce__?: string }).__nonce__ = cspNonce;

/**
 * Lets emotion's (MUI's) styles pass the server's Content-Security-Policy, which allows only `<style>` elements
 * carrying the page's nonce. Returns the emotion cache for the CacheProvider.
 */
export function allowInjectedStyles(nonce = cspNonce) {
  return createCache({ key: 'css', nonce });
}
