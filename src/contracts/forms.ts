/**
 * Definitions and drafts by form id: GET /api/definitions/:form, GET/PUT/DELETE /api/drafts/:form, POST
 * /api/drafts/:form/start-new, GET /api/drafts/:form/previous, POST /api/drafts/:form/previous/:id/restore.
 */
import { Type, type Static } from '@sinclair/typebox';
import { NoContent, OpenObject } from './schema-helpers';

/** Form ids are folder names: lower case letters, digits and dashes. */
export const FormParams = Type.Object({ form: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,63}$' }) });
export type FormParams = Static<typeof FormParams>;

/** `?version=<tree hash>`: one published version's immutable URL (the plain URL serves the published version). */
export const DefinitionVersionQuery = Type.Object(
  { version: Type.Optional(Type.String({ pattern: '^[0-9a-f]{64}$' })) },
  { additionalProperties: false },
);
export type DefinitionVersionQuery = Static<typeof DefinitionVersionQuery>;

/** 304: the browser's copy (If-None-Match names the version's tree hash) is still the one served. */
export const NotModified = NoContent('not modified: no body');

/**
 * The definition bundle the page runs: the form's schema, ui schema, rules and data (formats in schemas/ at the repo
 * root: definition.schema.json). Passed through whole; the engine's types describe the inside.
 */
export const DefinitionBundle = Type.Object(
  { form: Type.String(), schema: Type.Unknown(), ui: Type.Unknown(), rules: Type.Unknown(), data: Type.Unknown() },
  { title: 'DefinitionBundle' },
);

/** A saved draft: what the dealer typed, and when it was saved (ISO 8601). */
export const DraftAnswer = Type.Object({ data: Type.Unknown(), updatedAt: Type.String() });
export type DraftAnswer = Static<typeof DraftAnswer>;
/** PUT body: replaces the draft (at most 256 KB of JSON; a larger one is 413). */
export const DraftBody = Type.Object({ data: OpenObject() }, { additionalProperties: false });
export type DraftBody = Static<typeof DraftBody>;
export const DraftSaved = NoContent('saved (or deleted)');

/** A draft set aside by "Start a new order" (or by restoring another over it): kept so nothing typed is lost. */
export const PreviousDraft = Type.Object(
  {
    id: Type.Integer(),
    /** When the dealer last changed it (ISO 8601). */
    savedAt: Type.String(),
    /** When it was set aside (ISO 8601). */
    setAsideAt: Type.String(),
    /** The customer's name as typed (last name, first name), or null when none was typed yet. */
    name: Type.Union([Type.String(), Type.Null()]),
    /** How many answers it holds (filled fields), to tell drafts apart at a glance. */
    answers: Type.Integer(),
  },
  { title: 'PreviousDraft' },
);
export type PreviousDraft = Static<typeof PreviousDraft>;
/** GET /api/drafts/:form/previous: newest first, at most `previousDraftsKept`. */
export const PreviousDrafts = Type.Object({ drafts: Type.Array(PreviousDraft) });
export type PreviousDrafts = Static<typeof PreviousDrafts>;
export const PreviousDraftParams = Type.Object({
  form: FormParams.properties.form,
  id: Type.String({ pattern: '^[1-9][0-9]{0,9}$', description: 'a previous draft id' }),
});
export type PreviousDraftParams = Static<typeof PreviousDraftParams>;
/**
 * POST .../start-new and .../previous/:id/restore: the form as the page shows it now, when it holds anything the
 * dealer typed (it is set aside first); without `data` nothing is set aside.
 */
export const SetAsideBody = Type.Object({ data: Type.Optional(OpenObject()) }, { additionalProperties: false });
export type SetAsideBody = Static<typeof SetAsideBody>;
/** Start a new order: the draft set aside (null when there was nothing to keep); the form is now empty. */
export const StartedNew = Type.Object({ setAside: Type.Union([PreviousDraft, Type.Null()]) });
export type StartedNew = Static<typeof StartedNew>;
/** A previous draft restored: it is the form's draft now; what the page showed before is set aside (or null). */
export const RestoredDraft = Type.Object({
  data: Type.Unknown(),
  updatedAt: Type.String(),
  setAside: Type.Union([PreviousDraft, Type.Null()]),
});
export type RestoredDraft = Static<typeof RestoredDraft>;
