/**
 * Bad input is refused at the edge with 400 naming where, before any route, rule or database sees it:
 * JSON bodies nested deeper than MAX_JSON_DEPTH (counted on the raw text, before JSON.parse), and NUL or lone
 * UTF-16 surrogates in any string or key of a JSON body, the query or the path parameters (PostgreSQL's text
 * and jsonb refuse them, PGlite too, so both databases answer the same).
 */
import type { FastifyInstance } from 'fastify';

/** Deepest array/object nesting a JSON body may have (form data is about 5 deep; definitions 30). */
export const MAX_JSON_DEPTH = 64;
/** At most this many places are named in one answer. */
const MAX_REASONS = 10;

/** A 400 shaped like a validation error, so the error handler lists `reasons` (`body/data/a contains ...`). */
class BadInputError extends Error {
  readonly statusCode = 400;
  readonly validationContext: string;
  constructor(
    context: string,
    readonly validation: { instancePath: string; message: string }[],
    summary: string,
  ) {
    super(summary);
    this.name = 'BadInputError';
    this.validationContext = context;
  }
}

/** The first place the raw JSON text nests deeper than `limit`, or undefined; strings are skipped. */
export function findDeepNesting(text: string, limit = MAX_JSON_DEPTH): { depth: number; offset: number } | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i++; // backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > limit) return { depth, offset: i };
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return undefined;
}

/** What is wrong with a string for PostgreSQL text/jsonb: a NUL or a lone surrogate; undefined when fine. */
export function describeBadCharacters(value: string): string | undefined {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0) return `contains a NUL character (U+0000) at position ${i}`;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return `contains a lone surrogate (U+${code.toString(16).toUpperCase()}) at position ${i}`;
    } else if (code >= 0xdc00 && code <= 0xdfff)
      return `contains a lone surrogate (U+${code.toString(16).toUpperCase()}) at position ${i}`;
  }
  return undefined;
}

function pointerPart(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Every string and key holding a NUL or a lone surrogate, as JSON pointers (first MAX_REASONS); one walk. */
export function findBadStrings(value: unknown, at = ''): { instancePath: string; message: string }[] {
  const found: { instancePath: string; message: string }[] = [];
  const walk = (node: unknown, where: string): void => {
    if (found.length >= MAX_REASONS) return;
    if (typeof node === 'string') {
      const problem = describeBadCharacters(node);
      if (problem) found.push({ instancePath: where, message: problem });
    } else if (Array.isArray(node)) node.forEach((item, i) => walk(item, `${where}/${i}`));
    else if (node !== null && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) {
        const keyProblem = describeBadCharacters(key);
        // The key itself is shown escaped, so the answer stays valid text.
        if (keyProblem)
          found.push({
            instancePath: `${where}/${pointerPart(JSON.stringify(key).slice(1, -1))}`,
            message: `has a key that ${keyProblem}`,
          });
        else walk(item, `${where}/${pointerPart(key)}`);
      }
    }
  };
  walk(value, at);
  return found;
}

function refuseBadStrings(context: string, problems: { instancePath: string; message: string }[]): BadInputError {
  return new BadInputError(
    context,
    problems,
    `The ${context} holds text the server cannot store (NUL characters or lone surrogates are not allowed)`,
  );
}

/** Replaces the JSON body parser (depth scan, then the default parser, then one walk) and checks query and params. */
export function registerInputGuard(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    const deep = findDeepNesting(text);
    if (deep) {
      done(
        new BadInputError(
          'body',
          [
            {
              instancePath: '',
              message: `is nested deeper than ${MAX_JSON_DEPTH} levels (at character ${deep.offset})`,
            },
          ],
          `The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`,
        ),
        undefined,
      );
      return;
    }
    parseJson(request, text, (error: Error | null, parsed?: unknown) => {
      if (error) return done(error, undefined);
      const problems = findBadStrings(parsed);
      if (problems.length > 0) return done(refuseBadStrings('body', problems), undefined);
      done(null, parsed);
    });
  });
  app.addHook('preValidation', async (request) => {
    for (const [context, value] of [
      ['querystring', request.query],
      ['params', request.params],
    ] as const) {
      const problems = findBadStrings(value);
      if (problems.length > 0) throw refuseBadStrings(context, problems);
    }
  });
  // Fastify's ajv (strictNumbers) coerces "1e400" to Infinity, which passes integer and maximum: refuse it after coercion.
  app.addHook('preHandler', async (request) => {
    for (const [context, value] of [
      ['querystring', request.query],
      ['params', request.params],
    ] as const) {
      const infinite = Object.entries((value ?? {}) as Record<string, unknown>).filter(
        ([, item]) => typeof item === 'number' && !Number.isFinite(item),
      );
      if (infinite.length > 0) {
        throw new BadInputError(
          context,
          infinite.map(([key]) => ({ instancePath: `/${pointerPart(key)}`, message: 'must be a finite number' })),
          `The ${context} holds a number out of range`,
        );
      }
    }
  });
}
