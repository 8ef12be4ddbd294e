/** Definitions and drafts by form id: GET /api/definitions/:form, GET/PUT/DELETE /api/drafts/:form. */
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
