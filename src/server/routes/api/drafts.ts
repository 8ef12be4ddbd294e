import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { Refusal } from '../../../contracts/common';
import { DraftAnswer, DraftBody, DraftSaved, FormParams } from '../../../contracts/forms';
import { deleteDraft, findDraft, saveDraft } from '../../repositories/drafts-repository';
import { strictValidatorCompiler } from '../../services/request-body-schema';

/** Largest draft kept (its data as JSON); far above any form, small enough that drafts cannot fill the database. */
export const maxDraftBytes = 256 * 1024;

/**
 * Drafts (nothing a dealer typed is lost): GET (204 when none is kept), PUT (replace) and DELETE /api/drafts/:form,
 * per signed-in user and form. The user comes from the token only; a form must be one the server serves.
 */
export async function draftRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const refuseUnknownForm = (form: string) => ({
    statusCode: 404,
    error: 'Not Found',
    message: `Unknown form '${form}'`,
  });

  api.get(
    '/api/drafts/:form',
    // No draft yet is an empty answer (204), not a missing resource: a 404 put an error in every first visit's console.
    { schema: { params: FormParams, response: { 200: DraftAnswer, 204: Type.Null(), 404: Refusal } } },
    async (request, reply) => {
      const { form } = request.params;
      if (!app.definitions.get(form)) return reply.code(404).send(refuseUnknownForm(form));
      const draft = await findDraft(app.db, request.principal.userId, form);
      if (!draft) return reply.code(204).send(null);
      return { data: draft.data, updatedAt: new Date(draft.updatedAt).toISOString() };
    },
  );

  api.put(
    '/api/drafts/:form',
    {
      // Parse up to 4x the limit so an oversized draft gets the 413 below with its size, not a bare parser refusal.
      bodyLimit: 4 * maxDraftBytes,
      schema: {
        params: FormParams,
        body: DraftBody,
        response: { 204: DraftSaved, 404: Refusal, 413: Refusal },
      },
      validatorCompiler: strictValidatorCompiler,
    },
    async (request, reply) => {
      const { form } = request.params;
      if (!app.definitions.get(form)) return reply.code(404).send(refuseUnknownForm(form));
      const bytes = Buffer.byteLength(JSON.stringify(request.body.data));
      if (bytes > maxDraftBytes) {
        return reply.code(413).send({
          statusCode: 413,
          error: 'Payload Too Large',
          message: `A draft may be at most ${maxDraftBytes / 1024} KB; this one is ${Math.ceil(bytes / 1024)} KB and was not saved`,
        });
      }
      await saveDraft(app.db, request.principal.userId, form, request.body.data);
      return reply.code(204).send();
    },
  );

  api.delete(
    '/api/drafts/:form',
    { schema: { params: FormParams, response: { 204: DraftSaved, 404: Refusal } } },
    async (request, reply) => {
      const { form } = request.params;
      if (!app.definitions.get(form)) return reply.code(404).send(refuseUnknownForm(form));
      await deleteDraft(app.db, request.principal.userId, form);
      return reply.code(204).send();
    },
  );
}
