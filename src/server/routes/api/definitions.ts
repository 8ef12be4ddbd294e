import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Refusal } from '../../../contracts/common';
import { DefinitionBundle, DefinitionVersionQuery, FormParams, NotModified } from '../../../contracts/forms';
import {
  chooseEncoding,
  prepareInBackground,
  preparedDefinition,
  type BackgroundPreparation,
} from './prepared-definition';

/**
 * Whether an If-None-Match header names this version (or `*`): any of its encodings' tags (`"<hash>"`, `"<hash>-br"`,
 * `"<hash>-gzip"`), weak or strong, since every encoding of a version is the same definition.
 */
function matchesVersion(header: string | undefined, treeHash: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const opaque = tag.trim().replace(/^W\//, '');
    return opaque === '*' || /^"([0-9a-f]+)(?:-(?:br|gzip))?"$/.exec(opaque)?.[1] === treeHash;
  });
}

/**
 * GET /api/definitions/:form: the bundle the page runs, from the published definitions version (held in memory,
 * compiled once per version) and answered from buffers prepared once per form and version (JSON, brotli, gzip: no
 * serialising or compressing per request). `ETag` is the version's tree hash (strong, suffixed `-br`/`-gzip` for an
 * encoded answer), so a browser revalidates with If-None-Match and gets 304 until something is published;
 * `?version=<tree hash>` is the immutable URL of one version (cached a year). `X-Definitions-Version` names the
 * version (its id) and `X-Definitions-Hash` its tree hash.
 */
export async function definitionRoutes(app: FastifyInstance): Promise<void> {
  // Once the server listens, the published forms' answers are prepared one by one, so the first request finds them made.
  let background: BackgroundPreparation | undefined;
  app.addHook('onListen', async () => {
    const bundles = app.definitions.forms().flatMap((form) => app.definitions.get(form)?.bundle ?? []);
    background = prepareInBackground(bundles);
  });
  app.addHook('onClose', async () => background?.stop());
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/definitions/:form',
    {
      compress: false, // the answer is compressed once per version below, not per request by @fastify/compress
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
      const encoding = chooseEncoding(request.headers['accept-encoding']);
      reply.header('etag', encoding === 'identity' ? `"${treeHash}"` : `"${treeHash}-${encoding}"`);
      reply.header('vary', 'accept-encoding');
      reply.header('x-definitions-version', String(versionId));
      reply.header('x-definitions-hash', treeHash);
      // The plain URL is revalidated on every load (a publish reaches the page at once); a version's URL never changes.
      reply.header('cache-control', wanted ? 'private, max-age=31536000, immutable' : 'private, no-cache');
      if (matchesVersion(request.headers['if-none-match'], treeHash)) return reply.code(304).send();
      const prepared = await preparedDefinition(served.bundle);
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      // The prepared JSON bytes of the DefinitionBundle schema above: sent as they are, never serialised again.
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(prepared[encoding]);
    },
  );
}
