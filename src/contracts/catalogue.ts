/** Catalogue list calls (spec 3 §2/§7): parts pages, the category tree, the glass price list, product pictures. */
import { Type, type Static } from '@sinclair/typebox';
import { NullableString } from './schema-helpers';

/** Most rows one list call answers. */
export const maxCatalogueTop = 1000;
const categoryText = Type.String({ maxLength: 100 });

/** ?skip=&top=&search=&parentCategory=&secondCategory=&thirdCategory= of every list call. */
export const CatalogueQuery = Type.Object(
  {
    skip: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
    top: Type.Integer({ minimum: 1, maximum: maxCatalogueTop, default: 50 }),
    /** Words that must each appear in the name, part number or description (case-insensitive). */
    search: Type.Optional(Type.String({ maxLength: 200 })),
    parentCategory: Type.Optional(categoryText),
    secondCategory: Type.Optional(categoryText),
    thirdCategory: Type.Optional(categoryText),
  },
  { additionalProperties: false },
);
export type CatalogueQuery = Static<typeof CatalogueQuery>;
/** The filters of the spare parts page (the query without paging). */
export type PartsFilter = Omit<CatalogueQuery, 'skip' | 'top'>;

/** A catalogue entry as the list calls answer (spec 3 §3 spare part; `name` is the identifier). */
export const CataloguePart = Type.Object(
  {
    partNumber: Type.String(),
    name: Type.String(),
    identifier: Type.String(),
    description: Type.String(),
    price: Type.Number(),
    parentCategory: NullableString(),
    secondCategory: NullableString(),
    thirdCategory: NullableString(),
    uom: NullableString(),
    color: NullableString(),
    size: NullableString(),
    width: NullableString(),
    imageID: NullableString(),
    sashSet: NullableString(),
    glassType: NullableString(),
    windowWallStyle: NullableString(),
    windowHeight: NullableString(),
    lockset: NullableString(),
    hinges: NullableString(),
    orientation: NullableString(),
    displayNumber: NullableString(),
  },
  { title: 'CataloguePart' },
);
export type CataloguePart = Static<typeof CataloguePart>;

/** One page of a list call. */
export const PartsPage = Type.Object({ spareParts: Type.Array(CataloguePart), total: Type.Integer() });
export type PartsPage = Static<typeof PartsPage>;

/** A node of the spare parts category tree (registered once with addSchema: it refers to itself). */
export const CategoryNode = Type.Recursive(
  (Node) => Type.Object({ name: Type.String(), count: Type.Integer(), children: Type.Array(Node) }),
  { $id: 'CatalogueCategoryNode' },
);
export type CategoryNode = Static<typeof CategoryNode>;
export const CategoriesAnswer = Type.Object({ categories: Type.Array(Type.Ref(CategoryNode)) });
export type CategoriesAnswer = Static<typeof CategoriesAnswer>;

export const GlassPrice = Type.Object({ identifier: Type.String(), price: Type.Number() });
export type GlassPrice = Static<typeof GlassPrice>;
export const GlassPricesAnswer = Type.Object({ glassPrices: Type.Array(GlassPrice) });
export type GlassPricesAnswer = Static<typeof GlassPricesAnswer>;

/** A product picture: base64 bytes and their media type. */
export const ProductImage = Type.Object({ ImageContent: Type.String(), ContentType: Type.String() });
export type ProductImage = Static<typeof ProductImage>;
