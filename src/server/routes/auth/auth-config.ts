import type { FastifyInstance } from 'fastify';

/** GET /auth/config: tells the web app which sign-in to use (public, read before sign-in). */
export async function authConfigRoutes(app: FastifyInstance): Promise<void> {
  const inactivitySchema = {
    type: 'object',
    required: ['warnAfterMs', 'logoutAfterMs'],
    properties: { warnAfterMs: { type: 'integer' }, logoutAfterMs: { type: 'integer' } },
  } as const;
  app.get(
    '/auth/config',
    {
      config: { isPublic: true },
      schema: {
        response: {
          200: {
            type: 'object',
            required: ['mode', 'inactivity'],
            properties: {
              mode: { type: 'string', enum: ['local', 'oidc'] },
              loginUrl: { type: 'string' },
              authority: { type: 'string' },
              clientId: { type: 'string' },
              scopes: { type: 'array', items: { type: 'string' } },
              inactivity: inactivitySchema,
            },
          },
        },
      },
    },
    async () => {
      const { config } = app;
      const inactivity = { ...config.inactivity };
      if (config.authMode === 'local') return { mode: 'local' as const, loginUrl: '/auth/local/authorize', inactivity };
      return {
        mode: 'oidc' as const,
        authority: config.oidc.authority,
        clientId: config.oidc.clientId,
        scopes: (config.oidc.apiScope ?? '').split(/[\s,]+/).filter(Boolean),
        inactivity,
      };
    },
  );
}
