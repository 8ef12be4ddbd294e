/**
 * The one set-up of the browser tests: a real server on a seeded database, the worker's Chromium, and pages signed in
 * with a token from the server's local sign-in (the sign-in pages themselves are tested by the sign-in tests, which
 * call signIn). Call it in a describe (or at the top of a file); it registers its own beforeAll and afterAll.
 *
 *   const e2e = useSignedInPage('summit');          // server + browser + one page signed in for the whole describe
 *   it('...', async () => { await e2e.page.goto(e2e.url('/Ordering')); });
 *
 *   const e2e = useBrowserTest();                   // server + browser; each test opens its own pages
 *   it('...', () => e2e.withSignedInPage('lakeside', async (page) => { ... }));
 */
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { startTestServer, type TestServer, type TestServerOverrides } from '../../support/test-server';
import { closeContextsOf, closePage, openPage, signInWithToken, workerBrowser } from './browser';

export interface BrowserTestOptions {
  /** The server's configuration; a function when it depends on what an earlier beforeAll made (a folder, an authority). */
  server?: TestServerOverrides | (() => TestServerOverrides | Promise<TestServerOverrides>);
  /** Runs once the server is up, before any shared page opens: seeding rows, queueing jobs, reading what the page should show. */
  setUp?: (e2e: BrowserTest) => Promise<void>;
}

export interface SharedPageOptions {
  /** Signs the page in as this seeded user (password demo1234); without it the page stays signed out. */
  signedInAs?: string;
  /** Options of the page's browser context (downloads, self-signed certificates). */
  context?: BrowserContextOptions;
  /** Runs on the fresh page before it signs in: listeners and init scripts that must see the first load. */
  beforeSignIn?: (page: Page) => Promise<void> | void;
}

export interface SharedPage {
  /** The describe's page, open from its beforeAll to its afterAll. */
  readonly page: Page;
  /** Who the page is signed in as (undefined: signed out). */
  readonly username: string | undefined;
}

export interface BrowserTest {
  readonly server: TestServer;
  readonly browser: Browser;
  /** e.g. http://127.0.0.1:41234 */
  readonly baseUrl: string;
  /** The absolute address of a route of the app or API. */
  url(route: string): string;
  /** An API call as a seeded user, with a bearer token from the local sign-in. */
  api(username: string, method: string, route: string, body?: unknown): Promise<Response>;
  /** GETs a route as a seeded user and returns its JSON (fails on anything but 200). */
  getJson<T>(username: string, route: string): Promise<T>;
  /** A dealer's locations, as the pages list them. */
  locationsOf(username: string): Promise<Record<string, string>>;
  /** Starts a form from `data` (or from nothing): the server's draft replaced, this browser's copy forgotten. */
  seedDraft(page: Page, username: string, form: string, data: Record<string, unknown> | null): Promise<void>;
  /** A page in a fresh context (its own cookies and storage); the browser closes it at the latest in afterAll. */
  openPage(context?: BrowserContextOptions): Promise<Page>;
  /** Signs `page` in as `username` with a token from the server (no sign-in pages) and opens the welcome page. */
  signInPage(page: Page, username: string): Promise<void>;
  /** A fresh page signed in (signInPage). */
  signedInPage(username: string, context?: BrowserContextOptions): Promise<Page>;
  /** Runs `body` on a fresh signed-in page and closes the page whatever happens. */
  withSignedInPage<T>(username: string, body: (page: Page) => Promise<T>): Promise<T>;
  /** Runs `body` on a fresh signed-out page and closes the page whatever happens. */
  withPage<T>(body: (page: Page) => Promise<T>, context?: BrowserContextOptions): Promise<T>;
  /** One page shared by the tests of the current describe (opened in its beforeAll, closed in its afterAll), with this harness. */
  useSharedPage(options?: SharedPageOptions): SignedInTest;
}

export interface SignedInTest extends BrowserTest, SharedPage {}

/** Reads a value that only exists once a beforeAll has run, with a clear error when a test reaches for it too early. */
function ready<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`The e2e harness has no ${name} yet: use it inside a test or a later hook`);
  return value;
}

/** Server and browser for the current describe; pages come from the returned harness. */
export function useBrowserTest(options: BrowserTestOptions = {}): BrowserTest {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let openBefore = new Set<BrowserContext>();

  const e2e: BrowserTest = {
    get server() {
      return ready(server, 'server');
    },
    get browser() {
      return ready(browser, 'browser');
    },
    get baseUrl() {
      return ready(server, 'server').baseUrl;
    },
    url: (route) => `${e2e.baseUrl}${route}`,
    async api(username, method, route, body) {
      const token = await e2e.server.tokenFor(username);
      return fetch(e2e.url(route), {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    },
    async getJson<T>(username: string, route: string): Promise<T> {
      const response = await e2e.api(username, 'GET', route);
      if (response.status !== 200)
        throw new Error(`GET ${route} as ${username}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    locationsOf: (username) => e2e.getJson<Record<string, string>>(username, '/api/DealerUserIDName/locations'),
    async seedDraft(page, username, form, data) {
      // A page that has not loaded the app yet has no storage to clear.
      await page.evaluate(() => localStorage.clear()).catch(() => undefined);
      await e2e.api(username, 'DELETE', `/api/drafts/${form}`);
      if (!data) return;
      const saved = await e2e.api(username, 'PUT', `/api/drafts/${form}`, { data });
      if (saved.status !== 204) throw new Error(`The ${form} draft of ${username} was not saved: ${saved.status}`);
    },
    openPage: (context) => openPage(e2e.browser, context),
    async signInPage(page, username) {
      await signInWithToken(page, e2e.baseUrl, await e2e.server.tokenFor(username));
    },
    async signedInPage(username, context) {
      const page = await e2e.openPage(context);
      await e2e.signInPage(page, username);
      return page;
    },
    withSignedInPage: (username, body) =>
      e2e.withPage(async (page) => {
        await e2e.signInPage(page, username);
        return body(page);
      }),
    async withPage(body, context) {
      const page = await e2e.openPage(context);
      try {
        return await body(page);
      } finally {
        await closePage(page);
      }
    },
    useSharedPage: (pageOptions) => useSharedPage(e2e, pageOptions),
  };

  beforeAll(async () => {
    const overrides = typeof options.server === 'function' ? await options.server() : options.server;
    [server, browser] = await Promise.all([startTestServer(overrides), workerBrowser()]);
    openBefore = new Set(browser.contexts());
    await options.setUp?.(e2e);
  });
  afterAll(async () => {
    // The browser stays for the worker's next file: every page opened since this set-up goes with its context.
    if (browser) await closeContextsOf(browser, openBefore);
    await server?.close();
  });
  return e2e;
}

function useSharedPage(e2e: BrowserTest, options: SharedPageOptions = {}): SignedInTest {
  let page: Page | undefined;
  beforeAll(async () => {
    page = await e2e.openPage(options.context);
    await options.beforeSignIn?.(page);
    if (options.signedInAs) await e2e.signInPage(page, options.signedInAs);
  });
  afterAll(async () => {
    if (page) await closePage(page);
  });
  const shared: SharedPage = {
    get page() {
      return ready(page, 'page');
    },
    username: options.signedInAs,
  };
  // The harness's getters must stay getters: copy them as property descriptors, not values.
  return Object.defineProperties(Object.create(null) as SignedInTest, {
    ...Object.getOwnPropertyDescriptors(e2e),
    ...Object.getOwnPropertyDescriptors(shared),
  });
}

/** Server, browser and one page signed in as `username`, shared by the tests of the current describe. */
export function useSignedInPage(
  username: string,
  options: BrowserTestOptions & Omit<SharedPageOptions, 'signedInAs'> = {},
): SignedInTest {
  return useBrowserTest(options).useSharedPage({ ...options, signedInAs: username });
}
