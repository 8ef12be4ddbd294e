import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { AuthConfigAnswer } from '../../../contracts/auth';

/** GET /auth/config: tells the web app which sign-in to use (public, read before sign-in). */
export async function authConfigRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get('/auth/config', { config: { isPublic: true }, schema: { response: { 200: AuthConfigAnswer } } }, async () => {
      const { config } = app;
      const inactivity = { ...config.inactivity };
      if (config.authMode === 'local') return { mode: 'local' as const, loginUrl: '/auth/local/authorize', inactivity };
      const { authority, clientId } = config.oidc;
      // loadConfig refuses AUTH_MODE=oidc without them; the page cannot sign in without either.
      if (!authority || !clientId) throw new Error('AUTH_MODE=oidc needs OIDC_AUTHORITY and OIDC_CLIENT_ID');
      return {
        mode: 'oidc' as const,
        authority,
        clientId,
        scopes: (config.oidc.apiScope ?? '').split(/[\s,]+/).filter(Boolean),
        inactivity,
      };
    });
}
