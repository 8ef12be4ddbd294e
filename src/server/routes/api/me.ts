import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { MeAnswer } from '../../../contracts/me';

/** GET /api/me: the signed-in user's username, display name and roles, from the verified token's user. */
export async function meRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get('/api/me', { schema: { response: { 200: MeAnswer } } }, async (request) => {
    const { username, displayName, roles, isEmployee } = request.principal;
    return { username, displayName, roles, isEmployee };
  });
}
