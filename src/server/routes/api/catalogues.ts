/**
 * Catalogue list calls (spec 3 §2/§7, spec 1 §7; paths are ours, named after the spec's areas): spare parts with
 * search and category filters, their category tree, marketing, displays, transoms, doors, sash, the glass price list.
 * Every list is paged with skip/top and answers {spareParts, total}.
 */
import type { FastifyInstance } from 'fastify';
import type { CatalogueKind } from '../../db/schema';
import { listCatalogue, listCategoryTree, readGlassPrices, type CatalogueFilter } from '../../repositories/catalogue-repository';

const maxTop = 1000;
const text = { type: 'string', maxLength: 100 } as const;
const nullableText = { type: ['string', 'null'] } as const;

const pageQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    skip: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
    top: { type: 'integer', minimum: 1, maximum: maxTop, default: 50 },
    search: { type: 'string', maxLength: 200 },
    parentCategory: text,
    secondCategory: text,
    thirdCategory: text,
  },
} as const;

const partSchema = {
  type: 'object',
  required: ['partNumber', 'name', 'identifier', 'description', 'price', 'imageID'],
  properties: {
    partNumber: { type: 'string' },
    name: { type: 'string' },
    identifier: { type: 'string' },
    description: { type: 'string' },
    price: { type: 'number' },
    parentCategory: nullableText,
    secondCategory: nullableText,
    thirdCategory: nullableText,
    uom: nullableText,
    color: nullableText,
    size: nullableText,
    width: nullableText,
    imageID: nullableText,
    sashSet: nullableText,
    glassType: nullableText,
    windowWallStyle: nullableText,
    windowHeight: nullableText,
    lockset: nullableText,
    hinges: nullableText,
    orientation: nullableText,
    displayNumber: nullableText,
  },
} as const;

const listSchema = {
  type: 'object',
  required: ['spareParts', 'total'],
  properties: { spareParts: { type: 'array', items: partSchema }, total: { type: 'integer' } },
} as const;

const categoryNodeSchema = {
  $id: 'catalogueCategoryNode',
  type: 'object',
  required: ['name', 'count', 'children'],
  properties: { name: { type: 'string' }, count: { type: 'integer' }, children: { type: 'array', items: { $ref: 'catalogueCategoryNode#' } } },
} as const;

/** What each list path lists. Spare parts are their own catalogue; transoms, doors and sash have their pages. */
export const catalogueListRoutes: { path: string; kinds: CatalogueKind[] }[] = [
  { path: '/api/SpareParts/GetSpareParts', kinds: ['spare-parts'] },
  { path: '/api/SpareParts/GetMarketingParts', kinds: ['marketing'] },
  { path: '/api/SpareParts/GetDisplayParts', kinds: ['display'] },
  { path: '/api/SpareParts/GetTransoms', kinds: ['transom'] },
  { path: '/api/SpareParts/GetDoors', kinds: ['door'] },
  { path: '/api/SpareParts/GetSash', kinds: ['sash'] },
];

/** Categories of the spare parts page's tree: its own, then TRANSOMS, SASH and DOORS (which route to their pages). */
const treeKinds: CatalogueKind[] = ['spare-parts', 'transom', 'sash', 'door'];

export async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  app.addSchema(categoryNodeSchema);
  for (const route of catalogueListRoutes) {
    app.get<{ Querystring: CatalogueFilter }>(
      route.path,
      { schema: { querystring: pageQuerySchema, response: { 200: listSchema } } },
      async (request) => {
        const { parts, total } = await listCatalogue(app.db, route.kinds, request.query);
        return { spareParts: parts, total };
      },
    );
  }

  app.get(
    '/api/SpareParts/GetCategories',
    {
      schema: {
        response: { 200: { type: 'object', required: ['categories'], properties: { categories: { type: 'array', items: { $ref: 'catalogueCategoryNode#' } } } } },
      },
    },
    async () => ({ categories: await listCategoryTree(app.db, treeKinds) }),
  );

  app.get(
    '/api/SpareParts/GetGlassPrices',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            required: ['glassPrices'],
            properties: { glassPrices: { type: 'array', items: { type: 'object', required: ['identifier', 'price'], properties: { identifier: { type: 'string' }, price: { type: 'number' } } } } },
          },
        },
      },
    },
    async () => ({ glassPrices: await readGlassPrices(app.db) }),
  );
}
