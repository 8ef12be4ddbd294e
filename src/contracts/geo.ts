/** GET /api/geo/postal-codes/:code: city and state/province of a US zip or a Canadian postal code. */
import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from './schema-helpers';

export const PostalCodeParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 12 }) });
export const Place = Type.Object({
  postalCode: Type.String(),
  city: Type.String(),
  stateProvince: Type.String(),
  country: StringEnum(['US', 'CA'] as const),
});
export type Place = Static<typeof Place>;
