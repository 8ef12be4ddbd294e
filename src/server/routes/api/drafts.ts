import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { Refusal } from '../../../contracts/common';
import {
  DraftAnswer,
  DraftBody,
  DraftSaved,
  FormParams,
  PreviousDraftParams,
  PreviousDrafts,
  RestoredDraft,
  SetAsideBody,
  StartedNew,
  type PreviousDraft,
} from '../../../contracts/forms';
import { deleteDraft, findDraft, saveDraft } from '../../repositories/drafts-repository';
import {
  listPreviousDrafts,
  restorePreviousDraft,
  startNewDraft,
  type PreviousDraftRow,
} from '../../repositories/previous-drafts-repository';
import { strictValidatorCompiler } from '../../services/request-body-schema';

/** Largest draft kept (its data as JSON); far above any form, small enough that drafts cannot fill the database. */
export const maxDraftBytes = 256 * 1024;

/**
 * The routes that store a draft: bodies parsed up to 4x the limit so an oversized draft gets a 413 saying its size,
 * not a bare parser refusal; unknown fields refused.
 */
const storingRouteOptions = { bodyLimit: 4 * maxDraftBytes, validatorCompiler: strictValidatorCompiler } as const;

/** The customer's name in a draft (the forms keep it in personalInfo or at the top), or null. */
function customerName(data: unknown): string | null {
  const top = (data ?? {}) as Record<string, unknown>;
  const info = (typeof top.personalInfo === 'object' && top.personalInfo ? top.personalInfo : top) as Record<
    string,
    unknown
  >;
  const parts = [info.lastName, info.firstName].filter(
    (part): part is string => typeof part === 'string' && part.trim() !== '',
  );
  return parts.length > 0 ? parts.map((part) => part.trim()).join(', ') : null;
}

/** Filled answers in a draft: strings not blank, numbers, booleans, counted through objects and lists. */
function countAnswers(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + countAnswers(item), 0);
  if (value && typeof value === 'object') {
    return Object.values(value).reduce((sum: number, item) => sum + countAnswers(item), 0);
  }
  if (typeof value === 'string') return value.trim() === '' ? 0 : 1;
  return typeof value === 'number' || typeof value === 'boolean' ? 1 : 0;
}

function describePrevious(row: PreviousDraftRow): PreviousDraft {
  return {
    id: row.id,
    savedAt: new Date(row.savedAt).toISOString(),
    setAsideAt: new Date(row.setAsideAt).toISOString(),
    name: customerName(row.data),
    answers: countAnswers(row.data),
  };
}

/**
 * Drafts (nothing a dealer typed is lost): GET (204 when none is kept), PUT (replace) and DELETE /api/drafts/:form,
 * per signed-in user and form; "Start a new order" sets the draft aside (POST .../start-new), GET .../previous lists
 * the drafts set aside and POST .../previous/:id/restore brings one back. The user comes from the token only, so a
 * dealer sees only their own drafts; a form must be one the server serves.
 */
export async function draftRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  // Every route here names a form (this plugin is its own scope): one the server does not serve is a 404.
  app.addHook('preHandler', async (request, reply) => {
    const { form } = request.params as { form: string };
    if (!app.definitions.get(form)) {
      return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `Unknown form '${form}'` });
    }
  });

  api.get(
    '/api/drafts/:form',
    // No draft yet is an empty answer (204), not a missing resource: a 404 put an error in every first visit's console.
    { schema: { params: FormParams, response: { 200: DraftAnswer, 204: Type.Null(), 404: Refusal } } },
    async (request, reply) => {
      const { form } = request.params;
      const draft = await findDraft(app.db, request.principal.userId, form);
      if (!draft) return reply.code(204).send(null);
      return { data: draft.data, updatedAt: new Date(draft.updatedAt).toISOString() };
    },
  );

  /** A 413 for a draft over the limit, saying its size and what did not happen to it. */
  const refuseOversized = (data: unknown, notDone: 'saved' | 'set aside') => {
    const bytes = Buffer.byteLength(JSON.stringify(data ?? null));
    return bytes > maxDraftBytes
      ? {
          statusCode: 413,
          error: 'Payload Too Large',
          message: `A draft may be at most ${maxDraftBytes / 1024} KB; this one is ${Math.ceil(bytes / 1024)} KB and was not ${notDone}`,
        }
      : null;
  };

  api.put(
    '/api/drafts/:form',
    {
      ...storingRouteOptions,
      schema: {
        params: FormParams,
        body: DraftBody,
        response: { 204: DraftSaved, 404: Refusal, 413: Refusal },
      },
    },
    async (request, reply) => {
      const { form } = request.params;
      const oversized = refuseOversized(request.body.data, 'saved');
      if (oversized) return reply.code(413).send(oversized);
      await saveDraft(app.db, request.principal.userId, form, request.body.data);
      return reply.code(204).send();
    },
  );

  api.delete(
    '/api/drafts/:form',
    { schema: { params: FormParams, response: { 204: DraftSaved, 404: Refusal } } },
    async (request, reply) => {
      const { form } = request.params;
      await deleteDraft(app.db, request.principal.userId, form);
      return reply.code(204).send();
    },
  );

  api.post(
    '/api/drafts/:form/start-new',
    {
      ...storingRouteOptions,
      schema: {
        params: FormParams,
        body: SetAsideBody,
        response: { 200: StartedNew, 404: Refusal, 413: Refusal },
      },
    },
    async (request, reply) => {
      const { form } = request.params;
      const oversized = refuseOversized(request.body.data, 'set aside');
      if (oversized) return reply.code(413).send(oversized);
      const row = await startNewDraft(app.db, request.principal.userId, form, request.body.data);
      return { setAside: row ? describePrevious(row) : null };
    },
  );

  api.get(
    '/api/drafts/:form/previous',
    { schema: { params: FormParams, response: { 200: PreviousDrafts, 404: Refusal } } },
    async (request) => {
      const { form } = request.params;
      const rows = await listPreviousDrafts(app.db, request.principal.userId, form);
      return { drafts: rows.map(describePrevious) };
    },
  );

  api.post(
    '/api/drafts/:form/previous/:id/restore',
    {
      ...storingRouteOptions,
      schema: {
        params: PreviousDraftParams,
        body: SetAsideBody,
        response: { 200: RestoredDraft, 404: Refusal, 413: Refusal },
      },
    },
    async (request, reply) => {
      const { form, id } = request.params;
      const oversized = refuseOversized(request.body.data, 'set aside');
      if (oversized) return reply.code(413).send(oversized);
      const restored = await restorePreviousDraft(
        app.db,
        request.principal.userId,
        form,
        Number(id),
        request.body.data,
      );
      // Another dealer's draft answers exactly like one that does not exist: nothing tells them it is there.
      if (!restored) {
        return reply.code(404).send({
          statusCode: 404,
          error: 'Not Found',
          message: `No previous draft ${id} of '${form}' is kept for you`,
        });
      }
      return {
        data: restored.data,
        updatedAt: new Date(restored.updatedAt).toISOString(),
        setAside: restored.setAside ? describePrevious(restored.setAside) : null,
      };
    },
  );
}
