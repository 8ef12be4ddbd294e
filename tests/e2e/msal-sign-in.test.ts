import { afterAll, describe, expect, it } from 'vitest';
import { expectText, waitForPath } from './support/browser';
import { startFakeOidcAuthority, type FakeOidcAuthority } from './support/fake-oidc-authority';
import { useBrowserTest } from './support/harness';

describe('sign-in through MSAL (AUTH_MODE=oidc) against a loopback OpenID Connect authority', () => {
  let authority: FakeOidcAuthority;

  const e2e = useBrowserTest({
    server: async () => {
      authority = await startFakeOidcAuthority({ clientId: 'portal-web', audience: 'TEMOAuth' });
      return {
        authMode: 'oidc',
        oidc: { authority: authority.authority, clientId: 'portal-web', apiScope: 'api://TEMOAuth/access openid' },
        auth: { issuer: authority.authority, jwksUri: authority.jwksUri },
      };
    },
  });
  afterAll(async () => {
    await authority?.close();
  });

  it('signs in with Login To Portal, calls the API with the authority token, and signs out at the authority', async () => {
    authority.signInAs('local:summit', 'summit@summit.example');
    // The loopback authority's certificate is self-signed.
    await e2e.withPage(
      async (page) => {
        await page.goto(`${e2e.baseUrl}/`);
        await page.getByRole('button', { name: 'Login To Portal' }).click();

        expect(await waitForPath(page, '/login/callback')).toBe('/login/callback');
        await expectText(page.getByRole('heading', { level: 1 }), 'Summit Patio Covers');
        await expectText(page.getByRole('alert'), 'cannot order sunrooms');

        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' }).click();
        await page.getByTestId('contact-card').first().waitFor();

        await page.getByRole('button', { name: 'Log Out' }).click();
        expect(await waitForPath(page, '/')).toBe('/');
        await page.getByRole('button', { name: 'Login To Portal' }).waitFor();
        await page.goto(`${e2e.baseUrl}/Ordering`);
        expect(await waitForPath(page, '/')).toBe('/');
      },
      { ignoreHTTPSErrors: true },
    );
  });
});
