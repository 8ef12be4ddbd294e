import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { CartProvider, GoToCartButton, useCart } from '../carts';
import { LoadingText } from '../../shared/components/loading-text';
import { usePageTitle } from '../../shared/components/use-page-title';
import { useWholeList, type CatalogueList, type CataloguePart } from './api/catalogue-parts';
import { useFailureToast } from './use-failure-toast';
import { groupVariants, showDoorIdentifier, showTransomCategory, type VariantSelect } from './variants';
import { VariantCard } from './variant-card';

/** What a transom, door or sash page lists and how its cards choose. */
interface VariantCatalogue {
  title: string;
  list: CatalogueList;
  failure: string;
  cardTitle(part: CataloguePart): string;
  selects: VariantSelect[];
  note?: string;
}

/** Every transom, door and sash of the catalogue fits one call (the server's largest page). */
const wholeCatalogueTop = 1000;

const catalogues = {
  transoms: {
    title: 'Transoms',
    list: 'GetTransoms',
    failure: 'Failed to fetch transoms',
    cardTitle: (part) => `${showTransomCategory(part.secondCategory ?? '')} Transom`,
    selects: [{ field: 'size', label: 'Size' }],
  },
  doors: {
    title: 'Doors',
    list: 'GetDoors',
    failure: 'Failed to fetch doors',
    cardTitle: (part) => `${part.secondCategory ?? ''} Door`,
    selects: [
      { field: 'identifier', label: 'Size', show: showDoorIdentifier },
      { field: 'lockset', label: 'Lockset' },
      { field: 'hinges', label: 'Hinges' },
      { field: 'orientation', label: 'Orientation' },
    ],
  },
  sash: {
    title: 'Sash',
    list: 'GetSash',
    failure: 'Failed to fetch sash',
    cardTitle: (part) => `${part.secondCategory ?? ''} Sash`,
    selects: [
      { field: 'windowHeight', label: 'Size' },
      { field: 'sashSet', label: 'Sets' },
      { field: 'glassType', label: 'Glass or Vinyl' },
    ],
    note: 'Sash parts shown from interior view',
  },
} satisfies Record<string, VariantCatalogue>;

/** /Ordering/Transoms, /Doors, /Sash: cards adding to the spare parts cart. */
function VariantCataloguePage({ catalogue }: { catalogue: VariantCatalogue }) {
  return (
    <CartProvider kind="spare-parts">
      <VariantCards catalogue={catalogue} />
    </CartProvider>
  );
}

function VariantCards({ catalogue }: { catalogue: VariantCatalogue }) {
  usePageTitle(catalogue.title);
  const { cart } = useCart();
  const navigate = useNavigate();
  const list = useWholeList(catalogue.list, wholeCatalogueTop);
  useFailureToast(list.error, catalogue.failure);
  const groups = useMemo(
    () => groupVariants(list.data?.spareParts ?? [], (part) => catalogue.cardTitle(part)),
    [list.data, catalogue],
  );
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h1" sx={{ flex: 1 }}>
          {catalogue.title}
        </Typography>
        {cart ? <GoToCartButton cart={cart} /> : null}
        <Button variant="outlined" startIcon={<ArrowBackIcon />} onClick={() => void navigate('/Ordering/SpareParts')}>
          Go Back
        </Button>
      </Stack>
      {catalogue.note ? <Alert severity="info">{catalogue.note}</Alert> : null}
      {list.isPending ? <LoadingText /> : null}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {groups.map((group) => (
          <VariantCard
            key={group.key}
            title={group.key}
            variants={group.variants}
            selects={catalogue.selects}
            cart={cart}
          />
        ))}
      </Box>
    </Stack>
  );
}

export function TransomsPage() {
  return <VariantCataloguePage catalogue={catalogues.transoms} />;
}

export function DoorsPage() {
  return <VariantCataloguePage catalogue={catalogues.doors} />;
}

export function SashPage() {
  return <VariantCataloguePage catalogue={catalogues.sash} />;
}
