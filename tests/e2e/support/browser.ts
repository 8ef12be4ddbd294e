import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';

/** Debian's Chromium, with the flags from the developers' brief. */
export const chromiumPath = '/usr/bin/chromium';
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Starts a headless Chromium of its own (the caller closes it); test files share the worker's: workerBrowser(). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumFlags });
}

let browserOfWorker: Promise<Browser> | undefined;

/**
 * The worker's one Chromium, launched at first use and shared by the test files that run in it one after another
 * (e2e runs without per-file isolation); a browser that crashed or was closed is replaced. Each file works in
 * contexts of its own and closes them (closeContextsOf); Playwright ends the browser when the worker exits.
 */
export async function workerBrowser(): Promise<Browser> {
  const current = await browserOfWorker?.catch(() => undefined);
  if (current?.isConnected()) return current;
  browserOfWorker = launchBrowser();
  return browserOfWorker;
}

/** Closes the browser's contexts (and so their pages) but those in `keep`: what a test file leaves behind for the next. */
export async function closeContextsOf(browser: Browser, keep: ReadonlySet<BrowserContext> = new Set()): Promise<void> {
  const left = browser.contexts().filter((context) => !keep.has(context));
  await Promise.all(left.map((context) => context.close().catch(() => undefined)));
}

/** A page in a fresh context (its own cookies and sessionStorage), as @axe-core/playwright needs. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  return context.newPage();
}

/** Closes the page's whole context, so nothing of its session leaks into the next test. */
export async function closePage(page: Page): Promise<void> {
  await page.context().close();
}

export interface SignInOptions {
  /** The page opened signed out (default `/`): a protected page sends the visitor to the landing page with `?next=`. */
  from?: string;
  /** Where sign-in must end: `from` when it is a protected page, else the welcome page (/login/callback). */
  landOn?: string;
}

/**
 * Signs in through the real flow: `from` (the landing page by default), Login To Portal, the server's sign-in page,
 * back through /login/callback to the page asked for (the welcome page by default), with the nav bar shown.
 */
export async function signIn(
  page: Page,
  baseUrl: string,
  username: string,
  password = 'demo1234',
  { from = '/', landOn }: SignInOptions = {},
): Promise<void> {
  const end = landOn ?? (new URL(from, baseUrl).pathname === '/' ? '/login/callback' : new URL(from, baseUrl).pathname);
  await page.goto(`${baseUrl}${from}`);
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: 'Login To Portal' }).click();
  await page.waitForURL((url) => url.pathname === '/auth/local/authorize');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  // Every sign-in passes the callback, where the token is taken; it then goes on to the page asked for, if any.
  const passedCallback = page.waitForURL((url) => url.pathname === '/login/callback', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Sign in' }).click();
  await passedCallback;
  await page.waitForURL((url) => url.pathname === end);
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

/** What the sign-in callback stores for the app (local-auth-client.ts): the token and when it expires. */
const localSessionKey = 'temo.auth.local.session';
const tokenSeededKey = 'temo.e2e.session-seeded';

/**
 * Signs the page in without going through the sign-in pages: the session the callback would store is put into this
 * tab's sessionStorage before the app starts, once (a sign-out later stays signed out), and the page opens `path`
 * (the welcome page, where the real flow ends) with the nav bar shown. For tests whose subject is not the sign-in;
 * the sign-in tests use signIn, the real flow.
 */
export async function signInWithToken(page: Page, baseUrl: string, accessToken: string, path = '/login/callback') {
  const session = { accessToken, expiresAt: tokenExpiryMs(accessToken) };
  await page.addInitScript(
    ({ origin, sessionKey, seededKey, value }) => {
      if (window.location.origin !== origin) return;
      try {
        if (sessionStorage.getItem(seededKey)) return;
        sessionStorage.setItem(seededKey, '1');
        sessionStorage.setItem(sessionKey, value);
      } catch {
        // a frame without storage (about:blank, a sandboxed frame) has no session to seed
      }
    },
    {
      origin: new URL(baseUrl).origin,
      sessionKey: localSessionKey,
      seededKey: tokenSeededKey,
      value: JSON.stringify(session),
    },
  );
  await page.goto(`${baseUrl}${path}`);
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

/** A JWT's `exp` in milliseconds (the local sign-in's tokens always carry one). */
function tokenExpiryMs(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: number };
  if (typeof payload.exp !== 'number') throw new Error('The sign-in token has no exp claim');
  return payload.exp * 1000;
}

/** The page's path once the address has settled on `path`. */
export async function waitForPath(page: Page, path: string): Promise<string> {
  await page.waitForURL((url) => url.pathname === path);
  return new URL(page.url()).pathname;
}

/**
 * The text an element shows, read as a person reads it: scrolled into view first. A configurator section out of view is
 * not drawn (content-visibility: auto), and its text reads as empty (innerText) until it comes into view.
 */
export async function readTextInView(locator: Locator): Promise<string> {
  if (((await locator.textContent()) ?? '').trim() === '') return '';
  await locator.scrollIntoViewIfNeeded();
  return locator.evaluate(async (element: HTMLElement) => {
    // A section brought into view is drawn at the next frame.
    for (let frame = 0; frame < 60 && element.innerText.trim() === ''; frame++)
      await new Promise((resolve) => requestAnimationFrame(resolve));
    return element.innerText.trim();
  });
}

/** Waits until one element of `locator` shows `text` (fails with the locator and text when it never does). */
export async function expectText(locator: Locator, text: string, timeout = 10_000): Promise<void> {
  try {
    await locator.filter({ hasText: text }).first().waitFor({ state: 'visible', timeout });
  } catch {
    const shown = await locator.allInnerTexts().catch(() => []);
    throw new Error(`Expected ${locator} to show "${text}"; it shows ${JSON.stringify(shown)}`);
  }
}

/** Waits for the open dialog to finish fading in, so what is checked is what the user finally sees. */
/** Waits until the form's sections past the first screen are drawn too (they follow the first paint, busy till then). */
export async function waitForFormDrawn(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('form [aria-busy="true"]') === null, undefined, {
    timeout: 10_000,
  });
}

/** The dialog of that name once it is the real one, not the busy stand-in shown while its code loads (LoadingDialog). */
export function readyDialog(page: Page, name: string | RegExp): Locator {
  return page.getByRole('dialog', { name }).and(page.locator(':not([aria-busy="true"])'));
}

export async function waitForDialogShown(page: Page): Promise<void> {
  await page.getByRole('dialog').waitFor();
  await page.waitForFunction(() => {
    // A dialog whose code is still loading stands in under the same name, busy: wait for the real one.
    const dialog = document.querySelector('[role="dialog"]:not([aria-busy="true"])');
    for (let node: Element | null = dialog; node; node = node.parentElement) {
      if (getComputedStyle(node).opacity !== '1') return false;
    }
    return dialog !== null;
  });
}
