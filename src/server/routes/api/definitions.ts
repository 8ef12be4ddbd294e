import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Refusal } from '../../../contracts/common';
import { DefinitionBundle, DefinitionVersionQuery, FormParams, NotModified } from '../../../contracts/forms';

/** Whether an If-None-Match header names this entity tag (or `*`); weak tags match too (compression makes them). */
function matchesETag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}

/**
 * GET /api/definitions/:form: the bundle the page runs, from the published definitions version (held in memory,
 * compiled once per version). `ETag` is the version's tree hash, so a browser revalidates with If-None-Match and
 * gets 304 until something is published; `?version=<tree hash>` is the immutable URL of one version (cached a
 * year). `X-Definitions-Version` names the version (its id) and `X-Definitions-Hash` its tree hash.
 */
export async function definitionRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/definitions/:form',
    {
      schema: {
        params: FormParams,
        querystring: DefinitionVersionQuery,
        response: { 200: DefinitionBundle, 304: NotModified, 404: Refusal },
      },
    },
    async (request, reply) => {
      const published = await app.definitionVersions.refresh(); // a developer's edit of definitions/, another server's publish
      const { form } = request.params;
      const wanted = request.query.version;
      let served = wanted && wanted !== published.treeHash ? undefined : app.definitions.get(form);
      let versionId = published.versionId;
      let treeHash = published.treeHash;
      if (wanted && wanted !== published.treeHash) {
        const version = await app.definitionVersions.versionByTreeHash(wanted);
        if (!version)
          return reply
            .code(404)
            .send({ statusCode: 404, error: 'Not Found', message: `Unknown definitions version '${wanted}'` });
        served = await app.definitionVersions.compiledDefinitionAt(form, version.id);
        versionId = version.id;
        treeHash = wanted;
      }
      if (!served)
        return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `Unknown form '${form}'` });
      const etag = `"${treeHash}"`;
      reply.header('etag', etag);
      reply.header('x-definitions-version', String(versionId));
      reply.header('x-definitions-hash', treeHash);
      // The plain URL is revalidated on every load (a publish reaches the page at once); a version's URL never changes.
      reply.header('cache-control', wanted ? 'private, max-age=31536000, immutable' : 'private, no-cache');
      if (matchesETag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      const { schema, ui, rules, data } = served.bundle;
      return { form: served.bundle.form, schema, ui, rules, data: data ?? {} };
    },
  );
}
