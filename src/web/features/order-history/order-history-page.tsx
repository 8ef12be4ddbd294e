import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { usePageTitle } from '../../shared/components/use-page-title';
import { openFileInNewWindow } from '../../shared/pdf/open-file-in-new-window';
import { PdfListPanel } from '../../shared/pdf/pdf-list-panel';
import { PdfSelectionContext, usePdfSelection } from '../../shared/pdf/use-pdf-selection';
import { getHistoryPdf, getHistoryPdfNames } from './api/order-history';
import { downloadHistoryCsv } from './history-csv';
import { HistoryGrid, historyPdfKey, type HistoryPdfTarget } from './history-grid';
import { historyColumnLabels, historyColumns, type HistoryColumn, type HistoryFilters } from './history-rows';
import { historySearchOf, searchHistory, shownRows, type HistoryMatches } from './history-search-index';
import { useOrderHistory } from './use-order-history';

const countFormat = new Intl.NumberFormat('en-US');
const pdfLabel = (target: HistoryPdfTarget) => target.label;
const fetchPdfNames = (target: HistoryPdfTarget) => getHistoryPdfNames(target.folder, target.fileName);

const searchGridSx = {
  display: 'grid',
  gap: 1.5,
  gridTemplateColumns: {
    xs: 'repeat(2, minmax(0, 1fr))',
    sm: 'repeat(3, minmax(0, 1fr))',
    lg: 'repeat(6, minmax(0, 1fr))',
  },
} as const;

interface ColumnSearchProps {
  column: HistoryColumn;
  onChange(column: HistoryColumn, value: string): void;
}

/**
 * One column's search field. Uncontrolled (the input holds its text): a key renders none of the field, only what
 * shows the answer.
 */
const ColumnSearch = memo(function ColumnSearch({ column, onChange }: ColumnSearchProps) {
  const label = historyColumnLabels[column];
  const slotProps = useMemo(
    () => ({ htmlInput: { 'data-column': column, 'aria-label': `Search ${label}` } }),
    [column, label],
  );
  return (
    <TextField
      size="small"
      type="search"
      label={label}
      defaultValue=""
      onChange={(event) => onChange(column, event.target.value)}
      slotProps={slotProps}
    />
  );
});

const searchHeading = (
  <Typography id="history-search-heading" variant="h2" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
    Search shipped orders by column
  </Typography>
);

/** The column searches; made once (the fields hold their own text). */
const HistorySearchForm = memo(function HistorySearchForm({ onChange }: Pick<ColumnSearchProps, 'onChange'>) {
  return (
    <Box
      component="form"
      role="search"
      aria-labelledby="history-search-heading"
      onSubmit={(event) => event.preventDefault()}
    >
      {searchHeading}
      {/* The visible label is the column's name (whole at every width); the field's name says it searches. */}
      <Box sx={searchGridSx}>
        {historyColumns.map((column) => (
          <ColumnSearch key={column} column={column} onChange={onChange} />
        ))}
      </Box>
    </Box>
  );
});

/** The searches' answer, made once per key; a narrowing key re-tests only the rows the last key showed. */
function useHistoryMatches(rows: HistoryMatches['search']['rows'], filters: HistoryFilters): HistoryMatches {
  const previous = useRef<HistoryMatches | undefined>(undefined);
  return useMemo(() => {
    const matches = searchHistory(historySearchOf(rows), filters, previous.current);
    previous.current = matches;
    return matches;
  }, [rows, filters]);
}

/**
 * Order History (/OrderHistory): every shipped order, searchable by column, exportable, with its PDFs (spec 1 §2, §4).
 * A key re-renders the count and the table only: the other parts are kept while what they show stays.
 */
export function OrderHistoryPage() {
  usePageTitle('Order History');
  const history = useOrderHistory();
  const [filters, setFilters] = useState<HistoryFilters>({});
  const matches = useHistoryMatches(history.rows, filters);
  const pdfSelection = usePdfSelection<HistoryPdfTarget>(historyPdfKey, pdfLabel, fetchPdfNames);
  const selectedTarget = pdfSelection.selectedRow;

  // The export reads the answer when pressed, so the button need not change with every key.
  const matchesRef = useRef(matches);
  useLayoutEffect(() => {
    matchesRef.current = matches;
  }, [matches]);

  const setFilter = useCallback(
    (column: HistoryColumn, value: string) => setFilters((current) => ({ ...current, [column]: value })),
    [],
  );
  const openPdf = useCallback(
    (pdfName: string) => {
      if (!selectedTarget) return;
      const { folder } = selectedTarget;
      void openFileInNewWindow(() => getHistoryPdf(folder, pdfName), pdfName);
    },
    [selectedTarget],
  );
  // Kept while the selection stays: a new value would render every drawn Show PDFs button again on each key.
  const { selectedKey, toggle } = pdfSelection;
  const pdfContext = useMemo(
    () => ({ selectedKey, toggle: (row: unknown) => toggle(row as HistoryPdfTarget) }),
    [selectedKey, toggle],
  );
  const exportCsv = useCallback(() => downloadHistoryCsv(shownRows(matchesRef.current)), []);

  const isExportDisabled = history.isLoading || history.rows.length === 0;
  const header = useMemo(
    () => (
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
      >
        <Typography variant="h1">Order History</Typography>
        <Button
          variant="contained"
          startIcon={<FileDownloadOutlinedIcon />}
          onClick={exportCsv}
          disabled={isExportDisabled}
        >
          Export to Excel
        </Button>
      </Stack>
    ),
    [exportCsv, isExportDisabled],
  );
  const loaded = countFormat.format(history.loadedCount);
  const progress = useMemo(
    () => (
      <Typography role="status" aria-live="polite" data-testid="history-progress" sx={{ fontWeight: 600 }}>
        {history.isLoading ? `Loaded ${loaded} orders…` : `Loaded ${loaded} orders`}
      </Typography>
    ),
    [history.isLoading, loaded],
  );
  const pdfPanel = useMemo(
    () => (
      <Box sx={{ width: { md: 230 }, flexShrink: 0, display: 'flex' }}>
        <PdfListPanel state={pdfSelection.state} onOpen={openPdf} idPrefix="history-pdf" />
      </Box>
    ),
    [pdfSelection.state, openPdf],
  );

  return (
    <Stack spacing={2}>
      {header}
      <HistorySearchForm onChange={setFilter} />
      <Stack direction="row" sx={{ alignItems: 'center', minHeight: 28, flexWrap: 'wrap', columnGap: 2 }}>
        {progress}
        {!history.isLoading && (
          <Typography color="text.secondary" data-testid="history-shown-count">
            Showing {countFormat.format(matches.count)} of {loaded}
          </Typography>
        )}
      </Stack>
      {history.isFailed && <Alert severity="error">Failed to fetch order history</Alert>}

      <PdfSelectionContext.Provider value={pdfContext}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
          <HistoryGrid matches={matches} />
          {pdfPanel}
        </Stack>
      </PdfSelectionContext.Provider>
    </Stack>
  );
}
