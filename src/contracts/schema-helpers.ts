/** Small TypeBox builders that keep the JSON Schema the routes had before contracts (same validation, same serialisation). */
import { Type, type Static, type TSchema, type TUnsafe, type SchemaOptions } from '@sinclair/typebox';

/** `type: [T, 'null']` rather than anyOf: one branch for fast-json-stringify, and the shape OpenAPI 3.1 reads. */
export function Nullable<T extends TSchema & { type: string }>(schema: T): TUnsafe<Static<T> | null> {
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });
}

/** A string or null (unset dates and facts). */
export const NullableString = (options: SchemaOptions = {}) =>
  Type.Unsafe<string | null>({ ...options, type: ['string', 'null'] });

/** An object keyed by any name (file names, location ids): `additionalProperties` is the value's schema. */
export function Dictionary<T extends TSchema>(
  value: T,
  options: SchemaOptions = {},
): TUnsafe<Record<string, Static<T>>> {
  return Type.Unsafe<Record<string, Static<T>>>({ ...options, type: 'object', additionalProperties: value });
}

/** Any JSON object, passed through whole: without `additionalProperties: true` the serialiser would drop every key. */
export const OpenObject = (options: SchemaOptions = {}) =>
  Type.Unsafe<Record<string, unknown>>({ ...options, type: 'object', additionalProperties: true });

/** A 204 (or other empty) answer: documented, nothing to serialise. */
export const NoContent = (description: string) => Type.Unsafe<undefined>({ type: 'null', description });

/** An answer that is not JSON (a PDF, a text file, an HTML page), named by its media type. */
export function MediaAnswer(mediaType: string, description: string, schema: object = Type.String()) {
  return { description, content: { [mediaType]: { schema } } } as const;
}

/** One of fixed strings as `enum` (one error message, not anyOf's one per choice). */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: SchemaOptions = {},
): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ ...options, type: 'string', enum: [...values] });
}
