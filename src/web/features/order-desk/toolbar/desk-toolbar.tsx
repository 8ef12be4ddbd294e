import { useCallback, useEffect, useRef, useState } from 'react';
import { Autocomplete, Button, InputAdornment, MenuItem, Stack, Tab, Tabs, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import type { StaffOrderFilters } from '../api/order-desk-api';
import type { DeskFilters } from '../desk-search';
import { lifecycle, statusLabels, type OrderStatus } from '../order-moves';

/** How long typing rests before the search goes to the server. */
export const searchDebounceMs = 250;

const countFormat = new Intl.NumberFormat('en-US');

interface DeskToolbarProps {
  filters: DeskFilters;
  choices: StaffOrderFilters | undefined;
  /** Per state, how many orders match the other filters (from the last answer); undefined before the first. */
  counts: Record<string, number> | undefined;
  onChange(filters: Partial<DeskFilters>): void;
  onClear(): void;
}

type DealerChoice = StaffOrderFilters['dealers'][number];

/** The filters above the grid: state tabs with counts, dealer, product, the days sent, and a search of file and job. */
export function DeskToolbar({ filters, choices, counts, onChange, onClear }: DeskToolbarProps) {
  const dealers = choices?.dealers ?? [];
  const products = choices?.products ?? [];
  const dealer = dealers.find((candidate) => candidate.id === filters.dealerId) ?? null;
  const allCount = counts ? Object.values(counts).reduce((sum, count) => sum + count, 0) : undefined;
  const tabLabel = (label: string, count: number | undefined) =>
    count === undefined ? label : `${label} (${countFormat.format(count)})`;
  const hasFilters = Object.values(filters).some((value) => value !== undefined && value !== '');
  const onSearch = useCallback((q: string) => onChange({ q: q || undefined }), [onChange]);

  return (
    <Stack spacing={1.5} data-testid="order-desk-toolbar">
      <Tabs
        value={filters.status ?? 'all'}
        onChange={(_event, value: OrderStatus | 'all') => onChange({ status: value === 'all' ? undefined : value })}
        aria-label="Order state"
        variant="scrollable"
        allowScrollButtonsMobile
      >
        <Tab value="all" label={tabLabel('All', allCount)} data-testid="state-tab-all" />
        {lifecycle.map((status) => (
          <Tab
            key={status}
            value={status}
            label={tabLabel(statusLabels[status], counts ? (counts[status] ?? 0) : undefined)}
            data-testid={`state-tab-${status}`}
          />
        ))}
      </Tabs>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}
      >
        <Autocomplete<DealerChoice>
          options={dealers}
          value={dealer}
          onChange={(_event, value) => onChange({ dealerId: value?.id })}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          size="small"
          sx={{ minWidth: 240 }}
          renderInput={(params) => <TextField {...params} label="Dealer" />}
        />
        <TextField
          select
          size="small"
          label="Product"
          value={filters.formId ?? ''}
          onChange={(event) => onChange({ formId: event.target.value || undefined })}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">Every product</MenuItem>
          {products.map((product) => (
            <MenuItem key={product.formId} value={product.formId}>
              {product.title}
            </MenuItem>
          ))}
          {/* A product from a shared link that the list no longer offers still shows what it is. */}
          {filters.formId && !products.some((product) => product.formId === filters.formId) && (
            <MenuItem value={filters.formId}>{filters.formId}</MenuItem>
          )}
        </TextField>
        <TextField
          type="date"
          size="small"
          label="Sent from"
          value={filters.from ?? ''}
          onChange={(event) => onChange({ from: event.target.value || undefined })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          size="small"
          label="Sent to"
          value={filters.to ?? ''}
          onChange={(event) => onChange({ to: event.target.value || undefined })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <SearchField value={filters.q ?? ''} onSearch={onSearch} />
        {hasFilters && (
          <Button onClick={onClear} variant="text">
            Clear filters
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

/** File and job name search: typed freely, sent once typing rests for a quarter second. */
function SearchField({ value, onSearch }: { value: string; onSearch(q: string): void }) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  // A new value from outside (clear, back) replaces what is typed.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text.trim() === sent.current) return;
    const timer = window.setTimeout(() => {
      sent.current = text.trim();
      onSearch(text.trim());
    }, searchDebounceMs);
    return () => window.clearTimeout(timer);
  }, [text, onSearch]);
  return (
    <TextField
      size="small"
      type="search"
      label="Search file or job name"
      value={text}
      onChange={(event) => setText(event.target.value)}
      sx={{ minWidth: 260, flexGrow: 1 }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
        htmlInput: { maxLength: 100 },
      }}
    />
  );
}
