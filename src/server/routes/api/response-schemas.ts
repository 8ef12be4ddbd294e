/** Answer schemas shared by /api routes, so every refusal reads the same to a caller. */

/** A 4xx answer: the message, and the reasons when there are several (bad body shapes). */
export const refusalSchema = {
  type: 'object',
  required: ['message'],
  properties: { statusCode: { type: 'integer' }, error: { type: 'string' }, message: { type: 'string' }, reasons: { type: 'array', items: { type: 'string' } } },
} as const;

/** The 422 answer of a submission the engine finds incomplete or invalid: the missing list and the messages. */
export const incompleteSubmissionSchema = {
  type: 'object',
  required: ['message', 'missing', 'errors'],
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string' },
    message: { type: 'string' },
    missing: { type: 'array', items: { type: 'object', required: ['path', 'label'], properties: { path: { type: 'string' }, label: { type: 'string' } } } },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
  },
} as const;

/**
 * A submit's 409: the preview already ordered ({message}), or `code: 'definitions-changed'` when the page ran an older
 * definitions version whose result differs from the published one's (issue 12; src/server/README.md).
 */
export const submitConflictSchema = {
  type: 'object',
  required: ['message'],
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string' },
    message: { type: 'string' },
    code: { type: 'string' },
    definitions: {
      type: 'object',
      properties: {
        loaded: { type: 'object', properties: { versionId: { type: 'integer' }, treeHash: { type: 'string' } } },
        published: { type: 'object', properties: { versionId: { type: 'integer' }, treeHash: { type: 'string' } } },
      },
    },
    changed: { type: 'array', items: { type: 'string' } },
    missing: incompleteSubmissionSchema.properties.missing,
    errors: incompleteSubmissionSchema.properties.errors,
    reasons: { type: 'array', items: { type: 'string' } },
    payloadFields: { type: 'array', items: { type: 'string' } },
  },
} as const;
