import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { CatalogueQuery, CataloguePart, CategoryNode, PartsFilter } from '../../contracts/catalogue';
import type { Database } from '../db/database';
import { catalogueParts, productImages, type CatalogueKind } from '../db/schema';

const partColumns = {
  partNumber: catalogueParts.partNumber,
  identifier: catalogueParts.identifier,
  description: catalogueParts.description,
  price: catalogueParts.price,
  parentCategory: catalogueParts.parentCategory,
  secondCategory: catalogueParts.secondCategory,
  thirdCategory: catalogueParts.thirdCategory,
  uom: catalogueParts.uom,
  color: catalogueParts.color,
  size: catalogueParts.size,
  width: catalogueParts.width,
  imageId: catalogueParts.imageId,
  sashSet: catalogueParts.sashSet,
  glassType: catalogueParts.glassType,
  windowWallStyle: catalogueParts.windowWallStyle,
  windowHeight: catalogueParts.windowHeight,
  lockset: catalogueParts.lockset,
  hinges: catalogueParts.hinges,
  orientation: catalogueParts.orientation,
  displayNumber: catalogueParts.displayNumber,
};

type PartRow = {
  [K in keyof typeof partColumns]: K extends 'price'
    ? string
    : K extends 'partNumber' | 'identifier' | 'description'
      ? string
      : string | null;
};

function toPart(row: PartRow): CataloguePart {
  const { imageId, price, ...rest } = row;
  return { ...rest, name: row.identifier, price: Number(price), imageID: imageId };
}

/** `%` and `_` typed by a dealer are literal characters, not wildcards. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function filterOf(kinds: readonly CatalogueKind[], filter: PartsFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [inArray(catalogueParts.catalogue, [...kinds])];
  if (filter.parentCategory) conditions.push(eq(catalogueParts.parentCategory, filter.parentCategory));
  if (filter.secondCategory) conditions.push(eq(catalogueParts.secondCategory, filter.secondCategory));
  if (filter.thirdCategory) conditions.push(eq(catalogueParts.thirdCategory, filter.thirdCategory));
  for (const word of (filter.search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 10)) {
    const pattern = `%${escapeLike(word)}%`;
    conditions.push(
      or(
        ilike(catalogueParts.identifier, pattern),
        ilike(catalogueParts.partNumber, pattern),
        ilike(catalogueParts.description, pattern),
      ),
    );
  }
  return and(...conditions);
}

/** One page of a catalogue (in listing order) and the count of all entries matching the filter. */
export async function listCatalogue(
  db: Database,
  kinds: readonly CatalogueKind[],
  filter: CatalogueQuery,
): Promise<{ parts: CataloguePart[]; total: number }> {
  const where = filterOf(kinds, filter);
  const [rows, [count]] = await Promise.all([
    db
      .select(partColumns)
      .from(catalogueParts)
      .where(where)
      .orderBy(asc(catalogueParts.sort), asc(catalogueParts.id))
      .offset(filter.skip)
      .limit(filter.top),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(catalogueParts)
      .where(where),
  ]);
  return { parts: rows.map(toPart), total: count.total };
}

/** The category tree of the given catalogues (three levels), in listing order, with part counts. */
export async function listCategoryTree(db: Database, kinds: readonly CatalogueKind[]): Promise<CategoryNode[]> {
  const rows = await db
    .select({
      catalogue: catalogueParts.catalogue,
      parent: catalogueParts.parentCategory,
      second: catalogueParts.secondCategory,
      third: catalogueParts.thirdCategory,
      count: sql<number>`count(*)::int`,
      first: sql<number>`min(${catalogueParts.sort} * 100000 + ${catalogueParts.id})`,
    })
    .from(catalogueParts)
    .where(inArray(catalogueParts.catalogue, [...kinds]))
    .groupBy(
      catalogueParts.catalogue,
      catalogueParts.parentCategory,
      catalogueParts.secondCategory,
      catalogueParts.thirdCategory,
    );
  // Catalogues in the order asked, categories in listing order within each.
  rows.sort((a, b) => kinds.indexOf(a.catalogue) - kinds.indexOf(b.catalogue) || Number(a.first) - Number(b.first));
  const roots: CategoryNode[] = [];
  const childOf = (list: CategoryNode[], name: string): CategoryNode => {
    let node = list.find((n) => n.name === name);
    if (!node) list.push((node = { name, count: 0, children: [] }));
    return node;
  };
  for (const row of rows) {
    if (!row.parent) continue;
    const parent = childOf(roots, row.parent);
    parent.count += row.count;
    if (!row.second) continue;
    const second = childOf(parent.children, row.second);
    second.count += row.count;
    if (row.third) childOf(second.children, row.third).count += row.count;
  }
  return roots;
}

/** Catalogue entries by part number (any of `kinds`), for pricing a cart from the catalogue. */
export async function findPartsByNumber(
  db: Database,
  kinds: readonly CatalogueKind[],
  partNumbers: string[],
): Promise<Map<string, CataloguePart & { catalogue: CatalogueKind }>> {
  if (partNumbers.length === 0) return new Map();
  const rows = await db
    .select({ ...partColumns, catalogue: catalogueParts.catalogue })
    .from(catalogueParts)
    .where(
      and(inArray(catalogueParts.catalogue, [...kinds]), inArray(catalogueParts.partNumber, [...new Set(partNumbers)])),
    );
  return new Map(rows.map(({ catalogue, ...row }) => [row.partNumber, { ...toPart(row), catalogue }]));
}

/** The glass price list: glass type -> price per square foot. */
export async function readGlassPrices(db: Database): Promise<{ identifier: string; price: number }[]> {
  const rows = await db
    .select({ identifier: catalogueParts.identifier, price: catalogueParts.price })
    .from(catalogueParts)
    .where(eq(catalogueParts.catalogue, 'glass'))
    .orderBy(asc(catalogueParts.sort));
  return rows.map((row) => ({ identifier: row.identifier, price: Number(row.price) }));
}

/** The first catalogue entry naming an image id: what its picture is drawn from. */
export async function findImageSubject(db: Database, imageId: string) {
  const [row] = await db
    .select({
      imageId: catalogueParts.imageId,
      catalogue: catalogueParts.catalogue,
      identifier: catalogueParts.identifier,
      parentCategory: catalogueParts.parentCategory,
      secondCategory: catalogueParts.secondCategory,
      thirdCategory: catalogueParts.thirdCategory,
      description: catalogueParts.description,
      color: catalogueParts.color,
      size: catalogueParts.size,
      orientation: catalogueParts.orientation,
      glassType: catalogueParts.glassType,
      sashSet: catalogueParts.sashSet,
      windowWallStyle: catalogueParts.windowWallStyle,
    })
    .from(catalogueParts)
    .where(eq(catalogueParts.imageId, imageId))
    .orderBy(asc(catalogueParts.id))
    .limit(1);
  return row ? { ...row, imageId } : undefined;
}

/** A stored product picture. */
export async function readProductImage(
  db: Database,
  imageId: string,
): Promise<{ contentType: string; contentBase64: string } | undefined> {
  const [row] = await db
    .select({ contentType: productImages.contentType, contentBase64: productImages.contentBase64 })
    .from(productImages)
    .where(eq(productImages.imageId, imageId));
  return row;
}

/** Stores a picture unless one is already there (two first requests for it at once both succeed). */
export async function insertProductImage(
  db: Database,
  imageId: string,
  contentType: string,
  contentBase64: string,
): Promise<void> {
  await db.insert(productImages).values({ imageId, contentType, contentBase64 }).onConflictDoNothing();
}
