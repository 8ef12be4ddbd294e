/**
 * Issue 43, point 6: the local sign-in sends the browser, with the token in the fragment, only to the web app's own
 * callback page on this origin. redirect_uri is resolved against the server's origin with the WHATWG URL parser (as a
 * browser would) and refused with 400 unless the result is this origin's /login/callback, on the page (GET) and on the
 * form post (POST, with good credentials: no token issued). Over real HTTP, so the server's origin is its real one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTestDialects } from '../support/api-dialects';
import { demoPassword, startTestServer, type TestServer } from '../support/test-server';

/** Ways to say "another site" that a naive check of the text lets through; `own` is the server's origin. */
function tricks(own: URL): [string, string][] {
  return [
    ['dot-dot to a protocol-relative path', '/..//evil.example'],
    ['dot-dot to a protocol-relative path ending in the callback', '/..//evil.example/login/callback'],
    ['the callback, then dot-dots', '/login/callback/../..//evil.example'],
    ['encoded dot-dot', '/%2e%2e//evil.example'],
    ['upper-case encoded dot-dots', '/%2E%2E/%2E%2E//evil.example/login/callback'],
    ['half-encoded dot-dot', '/.%2e//evil.example'],
    ['protocol-relative', '//evil.example'],
    ['protocol-relative ending in the callback', '//evil.example/login/callback'],
    ['protocol-relative with an encoded host', '//%65vil.example/login/callback'],
    ['two backslashes', '\\\\evil.example'],
    ['slash backslash', '/\\evil.example'],
    ['backslash slash', '\\/evil.example/login/callback'],
    ['scheme, slash, backslash', 'https:/\\evil.example/login/callback'],
    ['another site with the callback path', 'https://evil.example/login/callback'],
    ['upper-case scheme and host', 'HTTPS://EVIL.EXAMPLE/login/callback'],
    ['scheme without slashes', 'http:evil.example'],
    ['another scheme without slashes', 'https:evil.example/login/callback'],
    ['encoded slashes', '%2F%2Fevil.example'],
    ['an encoded slash after the first', '/%2F/evil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['two encoded backslashes', '/%5C%5Cevil.example/login/callback'],
    ['a tab between the slashes', '/\t/evil.example'],
    ['a newline between the slashes', '/\n/evil.example'],
    ['a carriage return and newline', '/\r\n/evil.example'],
    ['a leading tab', '\t//evil.example'],
    ['a leading space', ' //evil.example'],
    ['a tab inside the scheme', 'ht\ttps://evil.example/login/callback'],
    ['an ideographic space between the slashes', '/\u3000/evil.example'],
    ['javascript:', 'javascript:alert(1)'],
    ['upper-case JavaScript: ending in the callback', 'JavaScript:alert(document.domain)//login/callback'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['vbscript:', 'VBSCRIPT:msgbox(1)'],
    ['userinfo naming this host', `http://${own.host}@evil.example/login/callback`],
    ['userinfo naming 127.0.0.1', 'http://127.0.0.1@evil.example'],
    ['userinfo on this origin', `http://evil.example@${own.host}/login/callback`],
    ['this host on another port', `http://${own.hostname}:1/login/callback`],
    ['this host over https', `https://${own.host}/login/callback`],
    ['the callback with @ after it', '/login/callback@evil.example'],
    ['the callback with encoded slashes after it', '/login/callback/..%2f..%2f%2fevil.example'],
    ['a relative path', 'evil.example/login/callback'],
    ['another path on this site', '/api/me'],
    ['the root of this site', '/'],
  ];
}

describe.each(routeTestDialects())('local sign-in redirect_uri ($dialect)', ({ dialect }) => {
  let server: TestServer;
  let own: URL;
  beforeAll(async () => {
    server = await startTestServer({}, { dialect });
    own = new URL(server.baseUrl);
  });
  afterAll(async () => server?.close());

  const getPage = (redirectUri: string) =>
    fetch(`${server.baseUrl}/auth/local/authorize?${new URLSearchParams({ redirect_uri: redirectUri, state: 's' })}`, {
      redirect: 'manual',
    });
  const postForm = (redirectUri: string | undefined) =>
    fetch(`${server.baseUrl}/auth/local/authorize`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({
        username: 'lakeside',
        password: demoPassword,
        state: 's',
        ...(redirectUri === undefined ? {} : { redirect_uri: redirectUri }),
      }),
    });

  /** A refusal: 400, the reason on the page, no Location, no token anywhere in the answer. */
  async function expectRefused(response: Response, what: string) {
    const body = await response.text();
    expect(response.status, `${what}: ${body.slice(0, 300)}`).toBe(400);
    expect(response.headers.get('location'), what).toBeNull();
    expect(response.headers.get('set-cookie'), what).toBeNull();
    expect(body, what).toContain('redirect_uri must be a path on this site, such as /login/callback: it ');
    expect(body, what).not.toMatch(/access_token|eyJ[\w-]+\.eyJ/);
    expect(response.headers.get('cache-control'), what).toBe('no-store');
  }

  it('has at least 20 tricks to try', () => {
    expect(tricks(new URL('http://127.0.0.1:1')).length).toBeGreaterThanOrEqual(20);
  });

  it('refuses every trick on the sign-in page (GET) with 400 and the reason', async () => {
    for (const [label, redirectUri] of tricks(own)) await expectRefused(await getPage(redirectUri), `GET ${label}`);
  });

  it('refuses every trick on the form post (POST, good credentials) with 400: no token, no Location', async () => {
    for (const [label, redirectUri] of tricks(own)) await expectRefused(await postForm(redirectUri), `POST ${label}`);
  });

  it('names why: the normalised path, the other site, the character', async () => {
    const dotDot = await (await postForm('/..//evil.example')).text();
    expect(dotDot).toContain('it leads to //evil.example, which is not the sign-in callback. No token was issued.');
    const elsewhere = await (await getPage('https://evil.example/login/callback')).text();
    expect(elsewhere).toContain('it leads to another site (https://evil.example).');
    const tab = await (await getPage('/\t/evil.example')).text();
    expect(tab).toContain('a control character');
  });

  it.each([
    ['the callback path', '/login/callback', '/login/callback'],
    ['the callback on this origin (what the web app sends)', 'origin', '/login/callback'],
    ['the callback with a query', '/login/callback?from=mail', '/login/callback?from=mail'],
    ['the callback written with a dot segment (sent back normalised)', '/login/./callback', '/login/callback'],
    ['no redirect_uri (the default)', undefined, '/login/callback'],
  ])('still signs in to %s, on this origin', async (_label, given, expectedPath) => {
    const redirectUri = given === 'origin' ? `${server.baseUrl}/login/callback` : given;
    const page = await getPage(redirectUri ?? '/login/callback');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`name="redirect_uri" value="${expectedPath.replace(/&/g, '&amp;')}"`);

    const response = await postForm(redirectUri);
    expect(response.status).toBe(302);
    const location = response.headers.get('location') ?? '';
    expect(location.startsWith(`${expectedPath}#access_token=`), location).toBe(true);
    const target = new URL(location, server.baseUrl);
    expect(target.origin).toBe(own.origin);
    expect(`${target.pathname}${target.search}`).toBe(expectedPath);
    const fragment = new URLSearchParams(target.hash.slice(1));
    expect(fragment.get('state')).toBe('s');
    const me = await fetch(`${server.baseUrl}/api/me`, {
      headers: { authorization: `Bearer ${fragment.get('access_token')}` },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { username: string }).username).toBe('lakeside');
  });
});
