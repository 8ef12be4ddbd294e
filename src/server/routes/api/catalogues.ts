/**
 * Catalogue list calls (spec 3 §2/§7, spec 1 §7; paths are ours, named after the spec's areas): spare parts with
 * search and category filters, their category tree, marketing, displays, transoms, doors, sash, the glass price list.
 * Every list is paged with skip/top and answers {spareParts, total}.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { CatalogueQuery, CategoriesAnswer, GlassPricesAnswer, PartsPage } from '../../../contracts/catalogue';
import type { CatalogueKind } from '../../db/schema';
import { listCatalogue, listCategoryTree, readGlassPrices } from '../../repositories/catalogue-repository';

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
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  for (const route of catalogueListRoutes) {
    api.get(route.path, { schema: { querystring: CatalogueQuery, response: { 200: PartsPage } } }, async (request) => {
      const { parts, total } = await listCatalogue(app.db, route.kinds, request.query);
      return { spareParts: parts, total };
    });
  }

  // The category node schema is shared (it refers to itself): plugins/api-docs.ts adds it once for the whole app.
  api.get('/api/SpareParts/GetCategories', { schema: { response: { 200: CategoriesAnswer } } }, async () => ({
    categories: await listCategoryTree(app.db, treeKinds),
  }));

  api.get('/api/SpareParts/GetGlassPrices', { schema: { response: { 200: GlassPricesAnswer } } }, async () => ({
    glassPrices: await readGlassPrices(app.db),
  }));
}
