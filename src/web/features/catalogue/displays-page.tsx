import { CartProvider } from '../carts';
import { usePageTitle } from '../../shared/components/use-page-title';
import { useWholeList } from './api/catalogue-parts';
import { CatalogueLayout } from './catalogue-layout';
import { shortListTop } from './marketing-page';
import { useLoggedListFailure } from './use-logged-list-failure';

/** /Ordering/Displays in its own data provider: display cards with a details modal; one display at a time. */
export function DisplaysPage() {
  return (
    <CartProvider kind="display">
      <DisplaysCatalogue />
    </CartProvider>
  );
}

function DisplaysCatalogue() {
  usePageTitle('Displays');
  const list = useWholeList('GetDisplayParts', shortListTop);
  useLoggedListFailure(list.error, 'display parts');
  const displays = list.data?.spareParts ?? [];
  return (
    <CatalogueLayout
      title="Displays"
      count={displays.length}
      partAt={(index) => displays[index]}
      isLoading={list.isPending}
      gridLabel="Displays"
    />
  );
}
