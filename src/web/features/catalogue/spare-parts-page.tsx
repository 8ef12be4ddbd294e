import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueries } from '@tanstack/react-query';
import { CartProvider } from '../carts';
import { usePageTitle } from '../../shared/components/use-page-title';
import { sparePartsPageQuery, sparePartsPageSize, type PartsFilter } from './api/catalogue-parts';
import { useCategories } from './api/get-categories';
import { CatalogueLayout } from './catalogue-layout';
import { CategoryTree } from './category-tree';
import { pagesForRows } from './grid-layout';
import { useFailureToast } from './use-failure-toast';

/** Spec 3 §2: these categories of the tree are pages of their own. */
export const categoryPages: Record<string, string> = {
  TRANSOMS: '/Ordering/Transoms',
  SASH: '/Ordering/Sash',
  DOORS: '/Ordering/Doors',
};

/** /Ordering/SpareParts: search, category tree and the virtualised grid, fetched a page of 60 at a time as it scrolls. */
export function SparePartsPage() {
  return (
    <CartProvider kind="spare-parts">
      <SparePartsCatalogue />
    </CartProvider>
  );
}

function SparePartsCatalogue() {
  usePageTitle('Spare Parts');
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string[]>([]);
  const [rows, setRows] = useState({ first: 0, last: 0, columns: 3 });
  const filter = useMemo<PartsFilter>(
    () => ({
      search: search || undefined,
      parentCategory: category[0],
      secondCategory: category[1],
      thirdCategory: category[2],
    }),
    [search, category],
  );
  const pages = useMemo(
    () => Array.from(new Set([0, ...pagesForRows(rows.first, rows.last, sparePartsPageSize, rows.columns)])),
    [rows],
  );
  const results = useQueries({ queries: pages.map((page) => sparePartsPageQuery(filter, page)) });
  const categories = useCategories();
  const firstError = results.find((result) => result.error)?.error ?? null;
  useFailureToast(firstError, 'Failed to fetch spare parts');

  const count = results.find((result) => result.data)?.data?.total ?? 0;
  const byPage = new Map(pages.map((page, i) => [page, results[i]?.data?.spareParts]));
  const partAt = (index: number) => byPage.get(Math.floor(index / sparePartsPageSize))?.[index % sparePartsPageSize];
  const onRowsChange = useCallback(
    (first: number, last: number, columns: number) => setRows({ first, last, columns }),
    [],
  );
  const choose = (path: string[]) => {
    const page = path.length > 0 ? categoryPages[path[0]] : undefined;
    if (page) return void navigate(page);
    setCategory(path);
  };

  return (
    <CatalogueLayout
      title="Spare Parts"
      search={{ value: search, onChange: setSearch }}
      tree={<CategoryTree categories={categories.data ?? []} selected={category} onSelect={choose} />}
      count={count}
      partAt={partAt}
      onRowsChange={onRowsChange}
      isLoading={results[0]?.isPending ?? true}
      resetKey={JSON.stringify(filter)}
      gridLabel="Spare parts"
    />
  );
}
