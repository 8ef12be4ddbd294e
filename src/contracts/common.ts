/** Answers shared by every area, so a refusal reads the same to every caller. */
import { Type, type Static } from '@sinclair/typebox';
import { Dictionary } from './schema-helpers';

/**
 * A 4xx/5xx answer: the message, and the reasons when there are several (bad body shapes, unsafe file names).
 * What the error handler, the auth hook (401), the not-found answers and the routes' own refusals send.
 */
export const Refusal = Type.Object(
  {
    statusCode: Type.Optional(Type.Integer()),
    error: Type.Optional(Type.String()),
    message: Type.String(),
    reasons: Type.Optional(Type.Array(Type.String())),
  },
  { title: 'Refusal' },
);
export type Refusal = Static<typeof Refusal>;

/** A required field the rules found unanswered: where it is and what the page calls it. */
export const MissingField = Type.Object({ path: Type.String(), label: Type.String() });
export type MissingField = Static<typeof MissingField>;

/** The 422 answer of a submission the engine finds incomplete or invalid: the missing list and the messages by path. */
export const IncompleteSubmission = Type.Object(
  {
    statusCode: Type.Optional(Type.Integer()),
    error: Type.Optional(Type.String()),
    message: Type.String(),
    missing: Type.Array(MissingField),
    errors: Dictionary(Type.String()),
  },
  { title: 'IncompleteSubmission' },
);
export type IncompleteSubmission = Static<typeof IncompleteSubmission>;

/**
 * A submit's 409: the preview already ordered, the key's first request still running ({message}), or
 * `code: 'definitions-changed'` when the page ran an older definitions version whose result differs from the
 * published one's: the published version's missing list and messages, what changed, nothing stored.
 */
export const SubmitConflict = Type.Object(
  {
    statusCode: Type.Optional(Type.Integer()),
    error: Type.Optional(Type.String()),
    message: Type.String(),
    code: Type.Optional(Type.Literal('definitions-changed')),
    definitions: Type.Optional(
      Type.Object({
        loaded: Type.Object({ versionId: Type.Integer(), treeHash: Type.String() }),
        published: Type.Object({ versionId: Type.Integer(), treeHash: Type.String() }),
      }),
    ),
    changed: Type.Optional(Type.Array(Type.String())),
    missing: Type.Optional(Type.Array(MissingField)),
    errors: Type.Optional(Dictionary(Type.String())),
    reasons: Type.Optional(Type.Array(Type.String())),
    payloadFields: Type.Optional(Type.Array(Type.String())),
  },
  { title: 'SubmitConflict' },
);
export type SubmitConflict = Static<typeof SubmitConflict>;

/** What a stored submission answers: the order's file name. */
export const StoredOrder = Type.Object({ fileName: Type.String() });
export type StoredOrder = Static<typeof StoredOrder>;

/** Who the page names beside a dealer-status refusal (from the contact directory). */
export const RefusalContact = Type.Object({ name: Type.String(), phone: Type.String(), email: Type.String() });
export type RefusalContact = Static<typeof RefusalContact>;

/** 997 product line, 998 employee, 999 on hold (spec 2 §8): the spec's text and the contact, or null. */
export const DealerRefusal = Type.Object(
  { message: Type.String(), contact: Type.Union([RefusalContact, Type.Null()]) },
  { title: 'DealerRefusal' },
);
export type DealerRefusal = Static<typeof DealerRefusal>;

/**
 * The answers every submit route can give: 201 {fileName}; 400 bad body or Idempotency-Key; 404 unknown form; 409 the
 * key's first request still running (Retry-After), a preview already ordered, or a page on an older definitions version; 422 incomplete, or the key reused for
 * another request (then `missing` is empty).
 */
export const submitAnswers = {
  201: StoredOrder,
  400: Refusal,
  404: Refusal,
  409: SubmitConflict,
  422: IncompleteSubmission,
} as const;

/**
 * Answers Fastify cannot serialise (it allows status codes 100-599 only, so `sendWithStatus` writes them itself):
 * listed in the OpenAPI document only, under the route schema's `x-extra-answers` (see plugins/api-docs.ts).
 */
export const dealerStatusAnswers = { 997: DealerRefusal, 998: DealerRefusal, 999: DealerRefusal } as const;

/** Any refusal of a submit route as a caller reads it before looking at the status: reasons (400) or missing/errors (422). */
export type SubmitRefusal = Refusal & Partial<Pick<IncompleteSubmission, 'missing' | 'errors'>>;
