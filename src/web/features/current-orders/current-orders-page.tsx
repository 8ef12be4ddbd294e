import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, FormControlLabel, InputAdornment, Stack, Switch, Tab, Tabs, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { usePageTitle } from '../../shared/components/use-page-title';
import { openFileInNewWindow } from '../../shared/pdf/open-file-in-new-window';
import { PdfListPanel } from '../../shared/pdf/pdf-list-panel';
import { PdfSelectionContext, usePdfSelection } from '../../shared/pdf/use-pdf-selection';
import { orderListQueries, type OrderTab } from './api/get-order-lists';
import { getOrderPdf, getOrderPdfNames, getOrderTextFile } from './api/order-files';
import { useShippingContacts } from './api/get-shipping-contacts';
import { OrderActionsContext, pdfTargetKey, type OrderActions, type PdfTarget } from './order-actions';
import { confirmedColumns, initialColumns, processedColumns, unprocessedColumns } from './order-columns';
import { listInitialOrders, previewsNote } from './order-display';
import { OrdersGrid } from './orders-grid';

// The overlay is its own chunk: most visits never open it.
const DrawingOverlay = lazy(() => import('../drawings').then((m) => ({ default: m.DrawingOverlay })));

const tabs: Array<{ id: OrderTab; label: string; heading: string }> = [
  { id: 'confirmed', label: 'Confirmed', heading: 'CONFIRMED ORDERS' },
  { id: 'processed', label: 'Processed', heading: 'PROCESSED ORDERS' },
  { id: 'unprocessed', label: 'Unprocessed', heading: 'UNPROCESSED ORDERS' },
  { id: 'initial', label: 'Initial Orders', heading: 'INITIAL ORDERS' },
];

const pdfLabel = (target: PdfTarget) => target.label;
const fetchPdfNames = (target: PdfTarget) => getOrderPdfNames(target.folder, target.fileName);

/** Order Tracking (/CurrentOrders): four tabs of current orders, one search box, PDFs and drawings (spec 1 §2, §4). */
export function CurrentOrdersPage() {
  usePageTitle('Order Tracking');
  const [activeTab, setActiveTab] = useState<OrderTab>('processed');
  const [visitedTabs, setVisitedTabs] = useState<ReadonlySet<OrderTab>>(() => new Set(['processed']));
  const [searchText, setSearchText] = useState('');
  const [drawingsFileName, setDrawingsFileName] = useState<string | null>(null);
  const pdfSelection = usePdfSelection<PdfTarget>(pdfTargetKey, pdfLabel, fetchPdfNames);
  const clearPdfSelection = pdfSelection.clear;

  // Spec 1 §4: each tab loads its list once, on its first visit.
  const confirmed = useQuery({ ...orderListQueries.confirmed, enabled: visitedTabs.has('confirmed') });
  const processed = useQuery({ ...orderListQueries.processed, enabled: visitedTabs.has('processed') });
  const unprocessed = useQuery({ ...orderListQueries.unprocessed, enabled: visitedTabs.has('unprocessed') });
  const initial = useQuery({ ...orderListQueries.initial, enabled: visitedTabs.has('initial') });
  const processedColumnDefs = useMemo(() => processedColumns(new Date()), []);
  // Previews (drawings looked at, never sent) are not orders: left out of Initial Orders until the dealer asks.
  const [showPreviews, setShowPreviews] = useState(false);
  const initialListed = useMemo(() => listInitialOrders(initial.data, showPreviews), [initial.data, showPreviews]);

  const selectTab = useCallback(
    (tab: OrderTab) => {
      setActiveTab(tab);
      setVisitedTabs((visited) => (visited.has(tab) ? visited : new Set([...visited, tab])));
      clearPdfSelection();
    },
    [clearPdfSelection],
  );

  const selectedPdfTarget = pdfSelection.selectedRow;
  const openPdf = useCallback(
    (pdfName: string) => {
      if (!selectedPdfTarget) return;
      const { folder, fileName } = selectedPdfTarget;
      void openFileInNewWindow(() => getOrderPdf(folder, fileName, pdfName), pdfName);
    },
    [selectedPdfTarget],
  );

  const orderActions = useMemo<OrderActions>(
    () => ({
      openTextFile: (fileName) => void openFileInNewWindow(() => getOrderTextFile(fileName), fileName),
      openDrawings: setDrawingsFileName,
    }),
    [],
  );
  const pdfContext = useMemo(
    () => ({ selectedKey: pdfSelection.selectedKey, toggle: (row: unknown) => pdfSelection.toggle(row as PdfTarget) }),
    [pdfSelection],
  );

  const current = tabs.find((tab) => tab.id === activeTab) ?? tabs[1];
  const hasPdfPanel = activeTab === 'confirmed' || activeTab === 'processed';

  return (
    <Stack spacing={2}>
      <Typography variant="h1">Order Tracking</Typography>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}
      >
        <Tabs
          value={activeTab}
          onChange={(_event, tab: OrderTab) => selectTab(tab)}
          aria-label="Order lists"
          // The four tabs wrap onto a second row on a phone instead of scrolling sideways (issue 15, 400 px); the
          // chosen tab is marked on itself, as the sliding indicator cannot follow a wrapped row.
          sx={{
            minWidth: 0,
            '& .MuiTabs-list': { flexWrap: 'wrap' },
            '& .MuiTabs-indicator': { display: 'none' },
            '& .MuiTab-root': { borderBottom: 2, borderColor: 'transparent' },
            '& .MuiTab-root.Mui-selected': { borderColor: 'primary.main' },
          }}
        >
          {tabs.map((tab) => (
            <Tab
              key={tab.id}
              value={tab.id}
              label={tab.label}
              id={`orders-tab-${tab.id}`}
              aria-controls={`orders-panel-${tab.id}`}
            />
          ))}
        </Tabs>
        <TextField
          size="small"
          type="search"
          label="Search orders"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ minWidth: 260 }}
        />
      </Stack>

      <Box role="tabpanel" id={`orders-panel-${activeTab}`} aria-labelledby={`orders-tab-${activeTab}`}>
        <Typography variant="h2" sx={{ mb: 2, letterSpacing: 0.5 }}>
          {current.heading}
        </Typography>
        {activeTab === 'initial' && (
          <PreviewsSwitch
            previews={initialListed.previews}
            isShown={showPreviews}
            onChange={setShowPreviews}
            isLoading={initial.isLoading}
          />
        )}
        <OrderActionsContext.Provider value={orderActions}>
          <PdfSelectionContext.Provider value={pdfContext}>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
              {activeTab === 'confirmed' && (
                <OrdersGrid
                  label={current.heading}
                  rows={confirmed.data}
                  columns={confirmedColumns}
                  isLoading={confirmed.isLoading}
                  searchText={searchText}
                  rowHeight={60}
                  rowId={(row) => `${row.folder}/${row.fileName}`}
                />
              )}
              {activeTab === 'processed' && (
                <OrdersGrid
                  label={current.heading}
                  rows={processed.data}
                  columns={processedColumnDefs}
                  isLoading={processed.isLoading}
                  searchText={searchText}
                  rowHeight={60}
                  rowId={(row) => `${row.folderName}/${row.fileName}`}
                />
              )}
              {activeTab === 'unprocessed' && (
                <OrdersGrid
                  label={current.heading}
                  rows={unprocessed.data}
                  columns={unprocessedColumns}
                  isLoading={unprocessed.isLoading}
                  searchText={searchText}
                  rowHeight={62}
                  rowId={(row) => row.fileName}
                />
              )}
              {activeTab === 'initial' && (
                <OrdersGrid
                  label={current.heading}
                  rows={initialListed.rows}
                  columns={initialColumns}
                  isLoading={initial.isLoading}
                  searchText={searchText}
                  rowHeight={60}
                  rowId={(row) => row.fileName}
                />
              )}
              {hasPdfPanel && (
                <Box sx={{ width: { md: 230 }, flexShrink: 0, display: 'flex' }}>
                  <PdfListPanel state={pdfSelection.state} onOpen={openPdf} idPrefix="orders-pdf" />
                </Box>
              )}
            </Stack>
          </PdfSelectionContext.Provider>
        </OrderActionsContext.Provider>
        <TabFooter tab={activeTab} />
      </Box>

      {drawingsFileName !== null && (
        <Suspense fallback={null}>
          <DrawingOverlay fileName={drawingsFileName} isUnprocessedPage onClose={() => setDrawingsFileName(null)} />
        </Suspense>
      )}
    </Stack>
  );
}

interface PreviewsSwitchProps {
  previews: number;
  isShown: boolean;
  isLoading: boolean;
  onChange(isShown: boolean): void;
}

/** Initial Orders: the previews a dealer looked at and never sent, left out unless asked for, with how many there are. */
function PreviewsSwitch({ previews, isShown, isLoading, onChange }: PreviewsSwitchProps) {
  return (
    <Stack spacing={0.5} sx={{ mb: 2 }}>
      <FormControlLabel
        control={<Switch checked={isShown} onChange={(event) => onChange(event.target.checked)} />}
        label={`Show previews not sent (${isLoading ? '…' : previews})`}
        sx={{ alignSelf: 'flex-start', mr: 0 }}
      />
      <Typography color="text.secondary" data-testid="previews-note">
        {previewsNote(previews, isShown, isLoading)}
      </Typography>
    </Stack>
  );
}

function TabFooter({ tab }: { tab: OrderTab }) {
  let content: ReactNode;
  if (tab === 'confirmed') content = <ShippingContactsFooter />;
  if (tab === 'processed') {
    content = 'To confirm a job, sign the bill of materials, scan it and email it back to us.';
  }
  if (tab === 'unprocessed') content = 'ALL ORDERS WILL BE PROCESSED WITHIN 3 BUSINESS DAYS.';
  if (tab === 'initial') content = 'THESE WILL BE REMOVED AFTER 30 DAYS.';
  return (
    <Typography component="div" sx={{ mt: 2, fontWeight: 600 }} data-testid="tab-footer">
      {content}
    </Typography>
  );
}

function ShippingContactsFooter() {
  const contacts = useShippingContacts();
  const people = contacts.data ?? [];
  return (
    <>
      For shipping questions contact{' '}
      {people.length === 0
        ? 'our Shipping Department'
        : people.map((person, index) => (
            <span key={`${person.name}-${person.phone}`}>
              {index > 0 && '; '}
              {person.name}, <a href={`tel:${person.phone.replace(/[^\d+]/g, '')}`}>{person.phone}</a>
            </span>
          ))}
      .
    </>
  );
}
