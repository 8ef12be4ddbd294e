import fastifyRateLimit from '@fastify/rate-limit';
import { databaseRateLimitStore } from '../../services/sign-in-rate-store';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AuthorizeBody, AuthorizeQuery, JwksAnswer, TokenAnswer, TokenBody } from '../../../contracts/auth';
import { Refusal } from '../../../contracts/common';
import { MediaAnswer } from '../../../contracts/schema-helpers';
import { findUserForSignIn, listLocalAccounts } from '../../repositories/users-repository';
import type { LocalSigningKey } from '../../services/local-signing-key';
import { issueLocalToken, type IssuedToken } from '../../services/local-token-issuer';
import { isPasswordCorrect } from '../../services/password-hasher';
import type { SignInLimiter } from '../../services/sign-in-limiter';
import { resolveLocalIssuer } from '../../services/token-verifier';
import { renderSignInPage } from './sign-in-page';

const invalidCredentials = 'Invalid username or password';
const defaultRedirect = '/login/callback';

/**
 * The paths of this app a sign-in may send the browser back to, with the token in the fragment: the web app's
 * callback page (src/web/app/auth/auth-client.ts, callbackPath), which the web app sends as its own origin plus the path.
 */
export const callbackPaths: readonly string[] = [defaultRedirect];

export type RedirectCheck = { path: string } | { reason: string };

/**
 * Where a sign-in may send the browser (and the token) back to: the redirect_uri as the browser would read it,
 * resolved against this server's own origin by the WHATWG URL parser, accepted only when the result is on this origin
 * and is one of the app's callback paths. The answer is the normalised path and query (never the text as given, so
 * `/login/./callback` comes back as `/login/callback`); anything else is refused with the reason.
 *
 * Before parsing, the text must look like a path on this site (`/...`, not `//...`) or an absolute http(s) URL, and
 * be printable ASCII without a backslash: browsers drop tabs and newlines and read a backslash as `/`, which is how a
 * tab or a backslash after the first `/` gets out (the web app's own redirect_uri is its ASCII origin plus the path).
 * The parsed URL is what decides: `/..//evil.example` and `/%2e%2e//evil.example` normalise to the path
 * `//evil.example`, which is not a callback path (and would be another host to a browser).
 */
export function checkRedirectUri(redirectUri: string, requestOrigin: string): RedirectCheck {
  if (redirectUri === '') return { reason: 'it is empty' };
  // Printable ASCII only (0x21-0x7e, so no control character, space or Unicode whitespace), and no backslash.
  if (!/^[!-~]*$/.test(redirectUri) || redirectUri.includes('\\'))
    return { reason: 'it holds a control character, a space, a character outside printable ASCII or a backslash' };
  const isPath = redirectUri.startsWith('/') && !redirectUri.startsWith('//');
  if (!isPath && !/^https?:\/\//i.test(redirectUri))
    return { reason: 'it is neither a path starting with one / nor an http(s) address' };
  let target: URL;
  let own: URL;
  try {
    own = new URL(requestOrigin);
    target = new URL(redirectUri, own);
  } catch {
    return { reason: 'it is not a URL' };
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return { reason: `it uses ${target.protocol}` };
  if (target.origin !== own.origin) return { reason: `it leads to another site (${target.origin})` };
  if (target.username !== '' || target.password !== '') return { reason: 'it carries a user name or password' };
  if (!callbackPaths.includes(target.pathname))
    return { reason: `it leads to ${target.pathname}, which is not the sign-in callback` };
  return { path: `${target.pathname}${target.search}` };
}

const refusalOf = (reason: string, hasCredentials = false) =>
  `redirect_uri must be a path on this site, such as ${defaultRedirect}: ${reason}.${hasCredentials ? ' No token was issued.' : ''}`;

function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function sendErrorPage(reply: FastifyReply, statusCode: number, message: string) {
  const safe = message.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return reply
    .code(statusCode)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title></head>` +
        `<body><main><h1>Sign-in error</h1><p role="alert">${safe}</p></main></body></html>`,
    );
}

// NUL never reaches the database (PostgreSQL refuses it in text, which would be a 500).
const minutes = (seconds: number) => `${Math.ceil(seconds / 60)} minute${seconds > 60 ? 's' : ''}`;
const lockedMessage = (seconds: number) => `Too many failed sign-ins. Try again in ${minutes(seconds)}.`;

type SignInOutcome = { user: NonNullable<Awaited<ReturnType<typeof findUserForSignIn>>> } | { lockedForS?: number };

const signInPage = MediaAnswer('text/html', 'the sign-in page (again, with the reason, on a refusal)');

/** Local sign-in (AUTH_MODE=local only): sign-in page, form post, token endpoint for tests, JWKS. */
export async function localSignInRoutes(
  app: FastifyInstance,
  key: LocalSigningKey,
  limiter: SignInLimiter,
): Promise<void> {
  // Attempts per address, counted before the password is even looked at; lockouts after failures are the limiter's.
  // Counted in the database, so n servers still allow the configured attempts per minute, not n times them.
  await app.register(fastifyRateLimit, { global: false, store: databaseRateLimitStore(app.db) });
  const rateLimit = {
    max: app.config.signIn.attemptsPerMinutePerAddress,
    timeWindow: 60_000,
    errorResponseBuilder: (_request: FastifyRequest, context: { after: string; ttl: number }) => ({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Too many sign-in attempts from this address. Try again in ${minutes(context.ttl / 1000)}.`,
    }),
  };

  const issue = async (user: NonNullable<Awaited<ReturnType<typeof findUserForSignIn>>>): Promise<IssuedToken> =>
    issueLocalToken(key, user, {
      issuer: resolveLocalIssuer(app.config),
      audience: app.config.auth.audience,
      ttlSeconds: app.config.auth.localTokenTtlSeconds,
    });

  const authenticate = async (request: FastifyRequest, username: string, password: string): Promise<SignInOutcome> => {
    const lockedForS = await limiter.lockedFor(username, request.ip);
    if (lockedForS !== undefined) return { lockedForS };
    const user = await findUserForSignIn(app.db, username.trim());
    const isCorrect = await isPasswordCorrect(password, user?.passwordHash);
    if (user && isCorrect) {
      await limiter.recordSuccess(username);
      return { user };
    }
    await limiter.recordFailure(username, request.ip);
    return {};
  };

  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/auth/local/authorize',
    {
      config: { isPublic: true },
      schema: { querystring: AuthorizeQuery, response: { 200: signInPage, 400: signInPage } },
    },
    async (request, reply) => {
      const checked = checkRedirectUri(request.query.redirect_uri ?? defaultRedirect, requestOrigin(request));
      if ('reason' in checked) return sendErrorPage(reply, 400, refusalOf(checked.reason));
      const redirectUri = checked.path;
      const accounts = await listLocalAccounts(app.db);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          renderSignInPage({
            redirectUri,
            state: request.query.state ?? '',
            username: '',
            accounts,
            nonce: reply.cspNonce,
          }),
        );
    },
  );

  api.post(
    '/auth/local/authorize',
    {
      config: { isPublic: true, rateLimit },
      schema: {
        consumes: ['application/x-www-form-urlencoded'],
        body: AuthorizeBody,
        response: {
          302: {
            description:
              'signed in: back to redirect_uri with access_token, token_type, expires_in and state in the fragment',
            type: 'null',
          },
          400: signInPage,
          401: signInPage,
          429: signInPage,
        },
      },
    },
    async (request, reply) => {
      const { username, password, state = '' } = request.body;
      // Checked before the password: a refused redirect_uri gets no token, and costs the account no failed attempt.
      const checked = checkRedirectUri(request.body.redirect_uri ?? defaultRedirect, requestOrigin(request));
      if ('reason' in checked) return sendErrorPage(reply, 400, refusalOf(checked.reason, true));
      const redirectUri = checked.path;
      const outcome = await authenticate(request, username, password);
      if (!('user' in outcome)) {
        const accounts = await listLocalAccounts(app.db);
        if (outcome.lockedForS !== undefined) reply.code(429).header('retry-after', String(outcome.lockedForS));
        else reply.code(401);
        const error = outcome.lockedForS !== undefined ? lockedMessage(outcome.lockedForS) : invalidCredentials;
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(renderSignInPage({ redirectUri, state, username, error, accounts, nonce: reply.cspNonce }));
      }
      const token = await issue(outcome.user);
      const fragment = new URLSearchParams({
        access_token: token.access_token,
        token_type: token.token_type,
        expires_in: String(token.expires_in),
        state,
      });
      return reply.header('cache-control', 'no-store').redirect(`${redirectUri}#${fragment.toString()}`, 302);
    },
  );

  api.post(
    '/auth/local/token',
    {
      config: { isPublic: true, rateLimit },
      schema: { body: TokenBody, response: { 200: TokenAnswer, 401: Refusal, 429: Refusal } },
    },
    async (request, reply) => {
      const outcome = await authenticate(request, request.body.username, request.body.password);
      if ('user' in outcome) return reply.header('cache-control', 'no-store').send(await issue(outcome.user));
      if (outcome.lockedForS === undefined)
        return reply.code(401).send({ statusCode: 401, error: 'Unauthorized', message: invalidCredentials });
      return reply
        .code(429)
        .header('retry-after', String(outcome.lockedForS))
        .send({ statusCode: 429, error: 'Too Many Requests', message: lockedMessage(outcome.lockedForS) });
    },
  );

  api.get(
    '/auth/local/jwks.json',
    { config: { isPublic: true }, schema: { response: { 200: JwksAnswer } } },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send({ keys: [key.publicJwk] }),
  );
}
