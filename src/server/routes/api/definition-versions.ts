/**
 * Definition versions and drafts for TEMO staff (issue 12). Reading needs the role `definitions` or `publisher`;
 * opening and editing drafts `definitions`; publishing and rolling back `publisher`. Everyone else gets 403.
 *
 * GET    /api/definition-versions                      versions, newest first, and which one is published
 * GET    /api/definition-versions/diff?from=&to=       semantic diff between two versions
 * GET    /api/definition-versions/:id                  one version with its manifest (path -> hash)
 * GET    /api/definition-versions/:id/file?path=       one file of a version
 * POST   /api/definition-versions/:id/rollback         publish that version's content as a new version (publisher)
 * GET    /api/definition-drafts[?status=]              drafts, newest first
 * POST   /api/definition-drafts                        open a draft on the published version -> 201 {draft, checks}
 * GET    /api/definition-drafts/:id                    the draft and its checks
 * GET    /api/definition-drafts/:id/file?path=         one file as the draft holds it (hash null: absent)
 * GET    /api/definition-drafts/:id/files?under=       every file under a folder, with contents, in one answer
 * PUT    /api/definition-drafts/:id/file               {path, content, baseHash} -> {draft, checks} | 409 both versions
 * DELETE /api/definition-drafts/:id/file?path=&baseHash=  -> {draft, checks} | 409
 * GET    /api/definition-drafts/:id/diff               what the draft changes against its base version
 * POST   /api/definition-drafts/:id/publish            (publisher) -> {version, checks} | 422 naming the failing orders | 409
 * DELETE /api/definition-drafts/:id                    discard the draft
 * GET    /api/definition-audit[?limit=&draftId=&versionId=&action=]  every action, newest first
 * POST   /api/definition-drafts/:id/impact          {days?} -> 202 {run}: impact analysis as a job (definitions)
 * GET    /api/definition-impact/:id                 the run: status, done/total, report once done (readers)
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AuditList,
  AuditQuery,
  DeleteFileQuery,
  DiffQuery,
  DraftList,
  DraftListQuery,
  DraftWithChecks,
  EditConflict,
  Failure,
  FileContent,
  FolderContents,
  FolderQuery,
  IdParams,
  ImpactBody,
  ImpactRunAnswer,
  NoteBody,
  PathQuery,
  PublishAnswer,
  PublishRefused,
  PutFileBody,
  TreeDiff,
  VersionList,
  VersionWithManifest,
} from '../../../contracts/definition-versions';
import {
  definitionsRole,
  publisherRole,
  type DraftOutcome,
  type PublishOutcome,
} from '../../services/definition-versions/index';
import { readImpactRun, startImpactRun } from '../../services/definition-versions/impact-job';

const readers = [definitionsRole, publisherRole];

/** preHandler: 403 unless the caller has one of the roles. */
function requireRole(roles: string[], what: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!roles.some((role) => request.principal?.roles.includes(role))) {
      return reply.code(403).send({
        statusCode: 403,
        error: 'Forbidden',
        message: `Only TEMO staff with the role ${roles.join(' or ')} may ${what}`,
      });
    }
  };
}

const failure = (statusCode: number, error: string, message: string, paths?: string[]) => ({
  statusCode,
  error,
  message,
  ...(paths ? { paths } : {}),
});

function sendDraftOutcome(reply: FastifyReply, outcome: DraftOutcome, okStatus = 200) {
  switch (outcome.kind) {
    case 'ok':
      return reply.code(okStatus).send({ draft: outcome.draft, checks: outcome.checks });
    case 'not-found':
      return reply.code(404).send(failure(404, 'Not Found', outcome.message));
    case 'closed':
      return reply.code(409).send(failure(409, 'Conflict', outcome.message));
    case 'invalid':
      return reply.code(400).send(failure(400, 'Bad Request', outcome.message));
    case 'conflict':
      return reply
        .code(409)
        .send({ statusCode: 409, error: 'Conflict', message: outcome.message, conflict: outcome.conflict });
  }
}

function sendPublishOutcome(reply: FastifyReply, outcome: PublishOutcome) {
  switch (outcome.kind) {
    case 'ok':
      return reply.code(200).send({ version: outcome.version, checks: outcome.checks });
    case 'not-found':
      return reply.code(404).send(failure(404, 'Not Found', outcome.message));
    case 'closed':
      return reply.code(409).send(failure(409, 'Conflict', outcome.message));
    case 'conflict':
      return reply.code(409).send(failure(409, 'Conflict', outcome.message, outcome.paths));
    case 'refused':
      return reply.code(422).send({
        statusCode: 422,
        error: 'Unprocessable Entity',
        message: outcome.message,
        failingOrders: outcome.failingOrders,
        checks: outcome.checks,
      });
  }
}

const errors = { 400: Failure, 403: Failure, 404: Failure };

export async function definitionVersionRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const versions = () => app.definitionVersions;
  const canRead = requireRole(readers, 'read definition versions');
  const canEdit = requireRole([definitionsRole], 'edit definition drafts');
  const canPublish = requireRole([publisherRole], 'publish definitions');
  // Publishing a draft and rolling back to a version are the same act: a new published version, or the reasons not.
  const publishOptions = {
    preHandler: canPublish,
    schema: {
      params: IdParams,
      body: NoteBody,
      response: { 200: PublishAnswer, 409: Failure, 422: PublishRefused, ...errors },
    },
  };

  api.get(
    '/api/definition-versions',
    { preHandler: canRead, schema: { response: { 200: VersionList, ...errors } } },
    async () => versions().listVersions(),
  );

  api.get(
    '/api/definition-versions/diff',
    { preHandler: canRead, schema: { querystring: DiffQuery, response: { 200: TreeDiff, ...errors } } },
    async (request, reply) => {
      const diff = await versions().diffVersions(request.query.from, request.query.to);
      return (
        diff ??
        reply
          .code(404)
          .send(failure(404, 'Not Found', `No definitions version ${request.query.from} or ${request.query.to}`))
      );
    },
  );

  api.get(
    '/api/definition-versions/:id',
    { preHandler: canRead, schema: { params: IdParams, response: { 200: VersionWithManifest, ...errors } } },
    async (request, reply) => {
      const version = await versions().version(request.params.id);
      return version ?? reply.code(404).send(failure(404, 'Not Found', `No definitions version ${request.params.id}`));
    },
  );

  api.get(
    '/api/definition-versions/:id/file',
    {
      preHandler: canRead,
      schema: { params: IdParams, querystring: PathQuery, response: { 200: FileContent, ...errors } },
    },
    async (request, reply) => {
      const file = await versions().versionFile(request.params.id, request.query.path);
      return file
        ? { path: request.query.path, ...file }
        : reply
            .code(404)
            .send(failure(404, 'Not Found', `No ${request.query.path} in definitions version ${request.params.id}`));
    },
  );

  api.post('/api/definition-versions/:id/rollback', publishOptions, async (request, reply) =>
    sendPublishOutcome(
      reply,
      await versions().rollback(request.principal.username, request.params.id, request.body?.note ?? ''),
    ),
  );

  api.get(
    '/api/definition-drafts',
    { preHandler: canRead, schema: { querystring: DraftListQuery, response: { 200: DraftList, ...errors } } },
    async (request) => ({
      drafts: await versions().listDrafts(request.query.status),
    }),
  );

  api.post(
    '/api/definition-drafts',
    { preHandler: canEdit, schema: { body: NoteBody, response: { 201: DraftWithChecks, ...errors } } },
    async (request, reply) =>
      sendDraftOutcome(reply, await versions().openDraft(request.principal.username, request.body?.note ?? ''), 201),
  );

  api.get(
    '/api/definition-drafts/:id',
    { preHandler: canRead, schema: { params: IdParams, response: { 200: DraftWithChecks, ...errors } } },
    async (request, reply) => sendDraftOutcome(reply, await versions().getDraft(request.params.id)),
  );

  api.get(
    '/api/definition-drafts/:id/file',
    {
      preHandler: canRead,
      schema: { params: IdParams, querystring: PathQuery, response: { 200: FileContent, ...errors } },
    },
    async (request, reply) => {
      const file = await versions().draftFile(request.params.id, request.query.path);
      return file
        ? { path: request.query.path, ...file }
        : reply.code(404).send(failure(404, 'Not Found', `No definitions draft ${request.params.id}`));
    },
  );

  api.get(
    '/api/definition-drafts/:id/files',
    {
      preHandler: canRead,
      schema: { params: IdParams, querystring: FolderQuery, response: { 200: FolderContents, ...errors } },
    },
    async (request, reply) => {
      const files = await versions().draftFolder(request.params.id, request.query.under);
      return files
        ? { under: request.query.under, files }
        : reply.code(404).send(failure(404, 'Not Found', `No definitions draft ${request.params.id}`));
    },
  );

  api.put(
    '/api/definition-drafts/:id/file',
    {
      preHandler: canEdit,
      schema: {
        params: IdParams,
        body: PutFileBody,
        response: { 200: DraftWithChecks, 409: Type.Union([EditConflict, Failure]), ...errors },
      },
    },
    async (request, reply) => {
      const { path, content, baseHash } = request.body;
      return sendDraftOutcome(
        reply,
        await versions().editFile(request.principal.username, request.params.id, path, content, baseHash),
      );
    },
  );

  api.delete(
    '/api/definition-drafts/:id/file',
    {
      preHandler: canEdit,
      schema: {
        params: IdParams,
        querystring: DeleteFileQuery,
        response: { 200: DraftWithChecks, 409: Type.Union([EditConflict, Failure]), ...errors },
      },
    },
    async (request, reply) =>
      sendDraftOutcome(
        reply,
        await versions().editFile(
          request.principal.username,
          request.params.id,
          request.query.path,
          null,
          request.query.baseHash,
        ),
      ),
  );

  api.get(
    '/api/definition-drafts/:id/diff',
    { preHandler: canRead, schema: { params: IdParams, response: { 200: TreeDiff, ...errors } } },
    async (request, reply) => {
      const diff = await versions().diffDraft(request.params.id);
      return diff ?? reply.code(404).send(failure(404, 'Not Found', `No definitions draft ${request.params.id}`));
    },
  );

  api.post('/api/definition-drafts/:id/publish', publishOptions, async (request, reply) =>
    sendPublishOutcome(
      reply,
      await versions().publishDraft(request.principal.username, request.params.id, request.body?.note ?? ''),
    ),
  );

  api.delete(
    '/api/definition-drafts/:id',
    { preHandler: canEdit, schema: { params: IdParams, response: { 200: DraftWithChecks, 409: Failure, ...errors } } },
    async (request, reply) =>
      sendDraftOutcome(reply, await versions().discardDraft(request.principal.username, request.params.id, '')),
  );

  api.get(
    '/api/definition-audit',
    { preHandler: canRead, schema: { querystring: AuditQuery, response: { 200: AuditList, ...errors } } },
    async (request) => ({
      entries: await versions().audit(request.query),
    }),
  );

  api.post(
    '/api/definition-drafts/:id/impact',
    {
      preHandler: canEdit,
      schema: {
        params: IdParams,
        body: Type.Optional(ImpactBody),
        response: { 202: ImpactRunAnswer, ...errors },
      },
    },
    async (request, reply) => {
      if (!(await versions().hasDraft(request.params.id)))
        return reply.code(404).send(failure(404, 'Not Found', `No definitions draft ${request.params.id}`));
      const run = await startImpactRun(app.db, request.params.id, request.body?.days ?? 30, request.principal.username);
      app.jobs.wake();
      return reply.code(202).send({ run });
    },
  );

  api.get(
    '/api/definition-impact/:id',
    { preHandler: canRead, schema: { params: IdParams, response: { 200: ImpactRunAnswer, ...errors } } },
    async (request, reply) => {
      const run = await readImpactRun(app.db, request.params.id);
      return run ? { run } : reply.code(404).send(failure(404, 'Not Found', `No impact analysis ${request.params.id}`));
    },
  );
}
