import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Box, Button, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SearchIcon from '@mui/icons-material/Search';
import { GoToCartButton, useCart } from '../carts';
import { LoadingText } from '../../shared/components/loading-text';
import type { CataloguePart } from './api/catalogue-parts';
import { PartDetailModal } from './part-detail-modal';
import { VirtualPartGrid } from './virtual-part-grid';

/** Typing settles into a search after this much quiet. */
export const SEARCH_SETTLE_MS = 300;

interface CatalogueLayoutProps {
  title: string;
  /** The search box (spare parts and marketing); absent on the displays page. */
  search?: { value: string; onChange(value: string): void };
  /** The category tree beside the grid. */
  tree?: ReactNode;
  count: number;
  partAt(index: number): CataloguePart | undefined;
  onRowsChange?(first: number, last: number, columns: number): void;
  isLoading: boolean;
  resetKey?: string;
  gridLabel: string;
  /** Where Go Back leads (default the ordering home). */
  backTo?: string;
}

/** The catalogue pages' frame (spec 3 §2): title, Go Back, Go To Cart, search, tree, virtualised grid and the part modal. */
export function CatalogueLayout({
  title,
  search,
  tree,
  count,
  partAt,
  onRowsChange,
  isLoading,
  resetKey,
  gridLabel,
  backTo = '/Ordering',
}: CatalogueLayoutProps) {
  const { cart } = useCart();
  const navigate = useNavigate();
  const [openPart, setOpenPart] = useState<CataloguePart | null>(null);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h1" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {cart ? <GoToCartButton cart={cart} /> : null}
        <Button variant="outlined" startIcon={<ArrowBackIcon />} onClick={() => void navigate(backTo)}>
          Go Back
        </Button>
      </Stack>
      {search ? <SearchBox value={search.value} onChange={search.onChange} /> : null}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: tree ? { xs: '1fr', md: '260px minmax(0, 1fr)' } : '1fr',
          alignItems: 'start',
        }}
      >
        {tree ? <Box sx={{ maxHeight: 'calc(100vh - 230px)', overflowY: 'auto' }}>{tree}</Box> : null}
        <Box>
          <Typography
            role="status"
            aria-live="polite"
            variant="body2"
            color="text.secondary"
            sx={{ mb: 1 }}
            data-testid="parts-count"
          >
            {isLoading && count === 0 ? '' : `${count} ${count === 1 ? 'item' : 'items'}`}
          </Typography>
          {isLoading && count === 0 ? (
            <LoadingText />
          ) : (
            <VirtualPartGrid
              count={count}
              partAt={partAt}
              onRowsChange={onRowsChange}
              onOpen={setOpenPart}
              label={gridLabel}
              resetKey={resetKey}
            />
          )}
        </Box>
      </Box>
      <PartDetailModal part={openPart} cart={cart} onClose={() => setOpenPart(null)} />
    </Stack>
  );
}

/** The search box: what is typed shows at once and reaches the list after 300 ms of quiet. */
function SearchBox({ value, onChange }: { value: string; onChange(value: string): void }) {
  const [typed, setTyped] = useState(value);
  useEffect(() => {
    if (typed === value) return undefined;
    const timer = setTimeout(() => onChange(typed.trim()), SEARCH_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [typed, value, onChange]);
  return (
    <TextField
      label="Search parts"
      type="search"
      value={typed}
      onChange={(event) => setTyped(event.target.value)}
      sx={{ maxWidth: 520 }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
