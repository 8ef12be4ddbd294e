import { chromium, type Browser, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';

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

/** Starts one headless Chromium; a test file shares it and closes it in afterAll. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumFlags });
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
