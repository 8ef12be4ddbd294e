import { useCallback, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Collapse, Stack, Typography } from '@mui/material';
import KeyboardIcon from '@mui/icons-material/Keyboard';
import { usePageTitle } from '../../shared/components/use-page-title';
import { orderDeskKeys, orderFiltersQuery, type StaffOrderRow, type StaffOrdersAnswer } from './api/order-desk-api';
import { BulkMoveDialog } from './bulk/bulk-move-dialog';
import { DeskGrid, type DeskGridHandle } from './grid/desk-grid';
import { OrderPanel } from './panel/order-panel';
import { DeskToolbar } from './toolbar/desk-toolbar';
import { useDeskSearch } from './use-desk-search';

const countFormat = new Intl.NumberFormat('en-US');

interface OpenOrder {
  fileName: string;
  rowIndex: number;
  startWithMove: boolean;
}

/**
 * The staff order desk (/Staff/Orders, role staff): every dealer's orders in one server-paged grid with filters kept
 * in the address, an order panel with the moves its state allows, bulk moves, the detailer and e-mail to the dealer.
 */
export function OrderDeskPage() {
  usePageTitle('Order Desk');
  const queryClient = useQueryClient();
  const { search, setFilters, setSort, clearFilters } = useDeskSearch();
  const choices = useQuery(orderFiltersQuery());
  const gridRef = useRef<DeskGridHandle>(null);
  const [answer, setAnswer] = useState<Pick<StaffOrdersAnswer, 'total' | 'counts'> | undefined>();
  const [loadFailed, setLoadFailed] = useState(false);
  const [opened, setOpened] = useState<OpenOrder | null>(null);
  const [selected, setSelected] = useState<StaffOrderRow[]>([]);
  const [isBulkOpen, setBulkOpen] = useState(false);
  const [isKeyboardHelpOpen, setKeyboardHelpOpen] = useState(false);

  const titles = useMemo(
    () => new Map((choices.data?.products ?? []).map((product) => [product.formId, product.title])),
    [choices.data],
  );
  const productTitle = useCallback((formId: string) => titles.get(formId) ?? formId, [titles]);
  const onAnswer = useCallback((next: Pick<StaffOrdersAnswer, 'total' | 'counts'>) => {
    setLoadFailed(false);
    setAnswer({ total: next.total, counts: next.counts });
  }, []);
  const onLoadFailed = useCallback(() => setLoadFailed(true), []);
  const onOpen = useCallback(
    (row: StaffOrderRow, rowIndex: number) => setOpened({ fileName: row.fileName, rowIndex, startWithMove: false }),
    [],
  );
  const onMoveShortcut = useCallback(
    (row: StaffOrderRow, rowIndex: number) => setOpened({ fileName: row.fileName, rowIndex, startWithMove: true }),
    [],
  );
  const refreshGrid = useCallback(() => gridRef.current?.refresh(), []);

  const closePanel = useCallback(() => {
    const rowIndex = opened?.rowIndex ?? 0;
    setOpened(null);
    // Back to the order's row once the drawer has let go of focus.
    window.setTimeout(() => gridRef.current?.focusRow(rowIndex), 0);
  }, [opened]);

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h1">Order Desk</Typography>
        <Button
          startIcon={<KeyboardIcon aria-hidden />}
          onClick={() => setKeyboardHelpOpen((open) => !open)}
          aria-expanded={isKeyboardHelpOpen}
          aria-controls="order-desk-keyboard-help"
        >
          Keyboard
        </Button>
      </Stack>
      <Collapse in={isKeyboardHelpOpen}>
        <Box id="order-desk-keyboard-help" data-testid="keyboard-help">
          <KeyboardHelp />
        </Box>
      </Collapse>

      <DeskToolbar
        filters={search.filters}
        choices={choices.data}
        counts={answer?.counts}
        onChange={setFilters}
        onClear={clearFilters}
      />

      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography role="status" aria-live="polite" color="text.secondary" data-testid="order-desk-count">
          {answer === undefined
            ? 'Loading orders…'
            : answer.total === 0
              ? 'No orders match these filters'
              : `${countFormat.format(answer.total)} order${answer.total === 1 ? '' : 's'}`}
          {selected.length > 0 && ` · ${selected.length} selected`}
        </Typography>
        <Stack direction="row" spacing={1}>
          {selected.length > 0 && <Button onClick={() => gridRef.current?.clearSelection()}>Clear selection</Button>}
          <Button variant="contained" disabled={selected.length === 0} onClick={() => setBulkOpen(true)}>
            Move selected…
          </Button>
        </Stack>
      </Stack>
      {loadFailed && (
        <Alert severity="error" role="alert">
          The orders could not be loaded. Check the connection and change a filter or reload to try again.
        </Alert>
      )}

      <DeskGrid
        ref={gridRef}
        search={search}
        productTitle={productTitle}
        onSortChange={setSort}
        onAnswer={onAnswer}
        onLoadFailed={onLoadFailed}
        onOpen={onOpen}
        onMoveShortcut={onMoveShortcut}
        onSelectionChange={setSelected}
      />

      {opened && (
        <OrderPanel
          key={opened.fileName}
          fileName={opened.fileName}
          startWithMove={opened.startWithMove}
          onClose={closePanel}
          onChanged={refreshGrid}
        />
      )}
      {isBulkOpen && (
        <BulkMoveDialog
          rows={selected}
          onClose={() => setBulkOpen(false)}
          onMoved={() => {
            gridRef.current?.clearSelection();
            refreshGrid();
            void queryClient.invalidateQueries({ queryKey: orderDeskKeys.all });
          }}
        />
      )}
    </Stack>
  );
}

const shortcuts: Array<[string, string]> = [
  ['↑ ↓ ← →', 'move through the rows and columns of the grid'],
  ['Enter', 'open the order in the panel'],
  ['Space', 'select the row (for a bulk move)'],
  ['m', 'the next move of the order (on a row or in the panel): opens its confirmation'],
  ['Escape', 'close the panel or a dialog; focus returns to the order’s row'],
  ['Tab', 'the filters, the buttons and the grid, in turn'],
];

function KeyboardHelp() {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {shortcuts.map(([keys, what]) => (
        <Box key={keys} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ fontWeight: 700 }}>
            <kbd>{keys}</kbd>
          </Box>
          <Box component="dd" sx={{ m: 0 }}>
            {what}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
