/** /auth: which sign-in the web app uses, and the local sign-in (AUTH_MODE=local only). All public. */
import { Type, type Static } from '@sinclair/typebox';
import { OpenObject } from './schema-helpers';

/** Idle times before the '5 minutes left' toast and the sign-out. */
export const InactivityConfig = Type.Object({ warnAfterMs: Type.Integer(), logoutAfterMs: Type.Integer() });
export type InactivityConfig = Static<typeof InactivityConfig>;
/** AUTH_MODE=local: where the server's own sign-in page is. */
export const LocalAuthConfig = Type.Object({
  mode: Type.Literal('local'),
  loginUrl: Type.String(),
  inactivity: InactivityConfig,
});
/** AUTH_MODE=oidc: the authority, the web app's client id and the API scopes it asks for. */
export const OidcAuthConfig = Type.Object({
  mode: Type.Literal('oidc'),
  authority: Type.String(),
  clientId: Type.String(),
  scopes: Type.Array(Type.String()),
  inactivity: InactivityConfig,
});
/** GET /auth/config: which sign-in the web app uses, by `mode`. */
export const AuthConfigAnswer = Type.Union([LocalAuthConfig, OidcAuthConfig], { title: 'AuthConfig' });
export type AuthConfigAnswer = Static<typeof AuthConfigAnswer>;

const credential = () => Type.String({ maxLength: 200, pattern: '^[^\\u0000]*$' });
const returnTo = {
  /** A path on this site (default /login/callback); the token comes back in its fragment. */
  redirect_uri: Type.Optional(Type.String({ maxLength: 2000 })),
  state: Type.Optional(Type.String({ maxLength: 2000 })),
};

export const AuthorizeQuery = Type.Object(returnTo);
export type AuthorizeQuery = Static<typeof AuthorizeQuery>;
/** The sign-in page's form post (application/x-www-form-urlencoded). */
export const AuthorizeBody = Type.Object({ username: credential(), password: credential(), ...returnTo });
export type AuthorizeBody = Static<typeof AuthorizeBody>;

/** POST /auth/local/token (tests and scripts): the credentials as JSON. */
export const TokenBody = Type.Object({ username: credential(), password: credential() });
export type TokenBody = Static<typeof TokenBody>;
export const TokenAnswer = Type.Object({
  access_token: Type.String(),
  token_type: Type.String(),
  expires_in: Type.Integer(),
});
export type TokenAnswer = Static<typeof TokenAnswer>;

/** The local signing key's public half (RFC 7517 key set). */
export const JwksAnswer = Type.Object({ keys: Type.Array(OpenObject()) });
