import { hasAccessToken, whenAuthConnected } from './api-client';

/**
 * Requests started before the page that reads them has loaded its code (a route's lazy loader starts a configurator's
 * definition while the route chunk downloads). The page's query takes the started request once, if it is recent.
 */

// Older than this, a started request is not used: the page's query asks again.
const freshForMs = 10_000;

const started = new Map<string, { promise: Promise<unknown>; at: number }>();

/** Starts `load` now under `key`, unless a recent one is already under way. */
export function prefetch(key: string, load: () => Promise<unknown>): void {
  const current = started.get(key);
  if (current && Date.now() - current.at < freshForMs) return;
  // Started before the auth layer has connected the token (at boot, or while the app first renders). A signed-out
  // visitor asks for nothing: the entry goes and the promise rejects (the page, were it shown, asks again).
  const entry = {
    at: Date.now(),
    promise: whenAuthConnected()
      .then(hasAccessToken)
      .then((isSignedIn) => {
        if (isSignedIn) return load();
        if (started.get(key) === entry) started.delete(key);
        throw new Error('Not signed in: nothing prefetched.');
      }),
  };
  // A failure is the page's to report: its query asks again.
  entry.promise.catch(() => undefined);
  started.set(key, entry);
}

/** The request started under `key` (taken: a second call answers undefined), or undefined when none is recent. */
export function takePrefetched<T>(key: string): Promise<T> | undefined {
  const entry = started.get(key);
  started.delete(key);
  return entry && Date.now() - entry.at < freshForMs ? (entry.promise as Promise<T>) : undefined;
}

/** Drops every started request: at sign-out, so the next user never takes the last one's answers. */
export function forgetPrefetched(): void {
  started.clear();
}
