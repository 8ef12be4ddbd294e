/** Where a signed-out visitor was going: kept through sign-in in this tab, then visited once (spec 1 §2, issue 15). */
const returnPathKey = 'temo.auth.returnPath';

/** Paths that never make sense to come back to: the landing page and the sign-in pages themselves. */
const neverReturnTo = [/^\/$/, /^\/login(\/|$)/i, /^\/auth(\/|$)/i];

/**
 * The same-origin path (with its query and fragment) `raw` names, or null. Only a relative path that starts with one
 * slash is kept: an absolute URL, a protocol-relative `//host` or `/\host` (browsers read both as another host), a
 * scheme such as `javascript:` or control characters are refused, so a link cannot send a dealer off the portal.
 */
export function safeReturnPath(raw: string | null | undefined, origin: string): string | null {
  if (!raw || raw.length > 2000 || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  // '/..//host' normalises to '//host', which a browser would read as another host again.
  if (url.origin !== new URL(origin).origin || url.pathname.startsWith('//')) return null;
  if (neverReturnTo.some((pattern) => pattern.test(url.pathname))) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

function sessionStore(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** Keeps `raw` (if it is a safe path) for after sign-in in this tab; anything else forgets a path kept before. */
export function rememberReturnPath(raw: string | null | undefined, origin = window.location.origin): void {
  const path = safeReturnPath(raw, origin);
  try {
    if (path) sessionStore()?.setItem(returnPathKey, path);
    else sessionStore()?.removeItem(returnPathKey);
  } catch {
    // Without storage the dealer lands on the welcome page, as before.
  }
}

/** The path kept for after sign-in (checked again: storage is not trusted), or null. Does not forget it. */
export function readReturnPath(origin = window.location.origin): string | null {
  try {
    return safeReturnPath(sessionStore()?.getItem(returnPathKey), origin);
  } catch {
    return null;
  }
}

export function forgetReturnPath(): void {
  try {
    sessionStore()?.removeItem(returnPathKey);
  } catch {
    // Nothing kept.
  }
}
