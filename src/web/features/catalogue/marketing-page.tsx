import { useMemo, useState } from 'react';
import { CartProvider } from '../carts';
import { usePageTitle } from '../../shared/components/use-page-title';
import { useWholeList } from './api/catalogue-parts';
import { CatalogueLayout } from './catalogue-layout';
import { CategoryTree } from './category-tree';
import { buildCategoryTree, filterParts } from './local-catalogue';
import { useLoggedListFailure } from './use-logged-list-failure';

/** Spec 3 §9: marketing and display lists are requested with skip 0 and top 50. */
export const shortListTop = 50;

/** /Ordering/Marketing in its own data provider: the marketing list (one call), searched and filtered here. */
export function MarketingPage() {
  return (
    <CartProvider kind="marketing">
      <MarketingCatalogue />
    </CartProvider>
  );
}

function MarketingCatalogue() {
  usePageTitle('Marketing');
  const list = useWholeList('GetMarketingParts', shortListTop);
  useLoggedListFailure(list.error, 'marketing parts');
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string[]>([]);
  const all = useMemo(() => list.data?.spareParts ?? [], [list.data]);
  const tree = useMemo(() => buildCategoryTree(all), [all]);
  const shown = useMemo(() => filterParts(all, search, category), [all, search, category]);
  return (
    <CatalogueLayout
      title="Marketing"
      search={{ value: search, onChange: setSearch }}
      tree={<CategoryTree categories={tree} selected={category} onSelect={setCategory} allLabel="All Marketing" />}
      count={shown.length}
      partAt={(index) => shown[index]}
      isLoading={list.isPending}
      resetKey={`${search}|${category.join('/')}`}
      gridLabel="Marketing parts"
    />
  );
}
