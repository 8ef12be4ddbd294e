/**
 * The OpenAPI document at GET /api/docs, made by @fastify/swagger from the routes' own schemas (src/contracts), and
 * the error answers every route shares, added to each route's `response` as it is registered so that the document
 * lists them and the serialiser sends them whole.
 */
import fastifySwagger from '@fastify/swagger';
import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { sharedSchemas } from '../../contracts/index';
import { Refusal } from '../../contracts/common';
import { OpenObject } from '../../contracts/schema-helpers';

export const apiDocsPath = '/api/docs';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Answers listed in the OpenAPI document only, by status: those Fastify cannot serialise because their code is
     * above 599 (the dealer-status refusals 997-999, sent by `sendWithStatus`).
     */
    docAnswers?: Record<number, TSchema>;
  }
}

type Responses = Record<string, unknown>;

/**
 * The answers any route can give besides its own, in the shapes the app sends them (plugins/error-handler.ts,
 * plugins/auth.ts): 400 when a parameter, the query or the body fails its schema; 413 for a body over the route's
 * limit and 415 for one that is not JSON (or a form, where the route takes one); 401 without a valid token on a route
 * that is not public; 503 (with Retry-After) while the database cannot be reached. A route's own entry wins.
 */
export function addCommonAnswers(route: RouteOptions): void {
  if (route.schema?.hide) return;
  // Copies: route schemas and answer maps are shared (submitAnswers, one schema for several routes), and what one
  // route gets here (a 413 for its body) must not reach the others.
  const schema: FastifySchema = { ...route.schema };
  const response: Responses = { ...(schema.response as Responses | undefined) };
  const add = (status: number, description: string) => (response[status] ??= { ...Refusal, description });
  if (schema.params || schema.querystring || schema.body)
    add(400, 'a parameter, the query or the body does not fit its schema; `reasons` say where');
  if (schema.body) {
    add(413, 'the body is larger than the route takes');
    add(415, 'the body is not JSON (or a form, where the route takes one)');
  }
  if (route.config?.isPublic === true) schema.security = [];
  else add(401, 'no valid bearer token (WWW-Authenticate says why)');
  add(503, 'the database cannot be reached right now; Retry-After says when to try again');
  // Grouped by area as the paths name them: /api/SpareParts/... -> SpareParts, /auth/... -> auth.
  schema.tags ??= [tagOf(route.url)];
  schema.response = response;
  route.schema = schema;
}

function tagOf(url: string): string {
  const [first, second] = url.split('/').filter(Boolean);
  return first === 'api' && second && !second.startsWith(':') ? second : (first ?? 'root');
}

/** Registers @fastify/swagger and GET /api/docs; call before any route so that every route is seen. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'TEMO dealer portal API',
        version: '1',
        description:
          'Every route of the dealer portal server, generated from the schemas that validate and serialise it (src/contracts). ' +
          'Routes need a bearer token unless their `security` is empty. Status codes 997-999 are the dealer-status refusals of spec 2 §8.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    // Shared schemas ($id) become components under their own names, not def-0, def-1.
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
    },
    transform: ({ schema, url, route }) => {
      const extra = route.config?.docAnswers;
      if (!extra || !schema) return { schema, url };
      return { schema: { ...schema, response: { ...(schema.response as Responses), ...extra } }, url };
    },
  });
  for (const schema of sharedSchemas) app.addSchema(schema);
  app.addHook('onRoute', addCommonAnswers);

  app.get(
    apiDocsPath,
    {
      // Public: an integrator reads it before having a token, and it holds no data, only the shapes of the routes,
      // which the web app's bundle shows anyway. Everything it describes still needs a token.
      config: { isPublic: true },
      schema: {
        summary: 'This OpenAPI 3.1 document',
        response: { 200: OpenObject({ description: 'the OpenAPI document' }) },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(app.swagger()),
  );
}
