/** Furniture a dealer places on an order's drawing pages (GET/PUT /api/ExampleImages/Furniture). */
import { Type, type Static } from '@sinclair/typebox';
import { Dictionary, NoContent, StringEnum } from './schema-helpers';

/** The 13 pieces of the palette (spec 1 §2), in palette order; also the database's check. */
export const furnitureKinds = [
  'sofa',
  'loveSeat',
  'landing',
  'landingStep',
  'roundTableAndChairs',
  'twoChairTable',
  'plant',
  'fan',
  'coffeeTable',
  'endTable',
  'spa',
  'outdoorKitchen',
  'grill',
] as const;
export type FurnitureKind = (typeof furnitureKinds)[number];

export const maxFurniturePerPage = 200;
const maxPages = 100;
/** Drawing images are a few thousand pixels across; anything far beyond is not a position on them. */
const maxCoordinate = 20_000;

/** One piece on a plan page: centre in image pixels, rotation in degrees clockwise. */
export const FurniturePlacement = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64 }),
    kind: StringEnum(furnitureKinds),
    x: Type.Number({ minimum: 0, maximum: maxCoordinate }),
    y: Type.Number({ minimum: 0, maximum: maxCoordinate }),
    rotation: Type.Number({ minimum: -360, maximum: 360 }),
  },
  { additionalProperties: false },
);
export type FurniturePlacement = Static<typeof FurniturePlacement>;

/** Placements per drawing image file name. */
export const FurniturePages = Dictionary(Type.Array(FurniturePlacement, { maxItems: maxFurniturePerPage }), {
  maxProperties: maxPages,
});
export type FurniturePages = Static<typeof FurniturePages>;

export const FurnitureQuery = Type.Object({ inputString: Type.String({ maxLength: 400 }) });
export const FurnitureAnswer = Type.Object({ pages: FurniturePages });
export type FurnitureAnswer = Static<typeof FurnitureAnswer>;
/** PUT body: replaces everything placed on the order. */
export const FurnitureBody = Type.Object({ pages: FurniturePages }, { additionalProperties: false });
export type FurnitureBody = Static<typeof FurnitureBody>;
export const FurnitureSaved = NoContent('saved: the order now has exactly these pieces');
