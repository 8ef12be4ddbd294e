/** Engineering part and mail prices (spec 1 §7). The request itself is a form submission (submissions.ts). */
import { Type, type Static } from '@sinclair/typebox';

export const PricedPartsQuery = Type.Object({
  skip: Type.Integer({ minimum: 0, maximum: 100000, default: 0 }),
  top: Type.Integer({ minimum: 1, maximum: 1000, default: 10 }),
});
export type PricedPartsQuery = Static<typeof PricedPartsQuery>;

/** One priced part as the engineering price calls answer. */
export const PricedPart = Type.Object({ name: Type.String(), price: Type.Number() });
export type PricedPart = Static<typeof PricedPart>;
export const PricedPartsAnswer = Type.Object({ spareParts: Type.Array(PricedPart) });
export type PricedPartsAnswer = Static<typeof PricedPartsAnswer>;
