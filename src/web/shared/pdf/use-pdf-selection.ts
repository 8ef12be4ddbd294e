import { createContext, useCallback, useContext, useRef, useState } from 'react';

/** What the PDF list panel shows: nothing chosen, the names being fetched, or the names (maybe none). */
export type PdfListState =
  { kind: 'none' } | { kind: 'loading'; label: string } | { kind: 'files'; label: string; files: string[] };

export interface PdfSelection<Row> {
  selectedKey: string | null;
  selectedRow: Row | null;
  state: PdfListState;
  /** First click on a row selects it and fetches its PDF names; a second click on the same row clears it. */
  toggle(row: Row): void;
  clear(): void;
}

/**
 * The Show PDFs / Hide PDFs logic of spec 1 §4 for one table. A failed fetch logs and shows no files (§8);
 * an answer for a row that is no longer selected is dropped.
 */
export function usePdfSelection<Row>(
  keyOf: (row: Row) => string,
  labelOf: (row: Row) => string,
  fetchNames: (row: Row) => Promise<string[]>,
): PdfSelection<Row> {
  const [selectedRow, setSelectedRow] = useState<Row | null>(null);
  const [state, setState] = useState<PdfListState>({ kind: 'none' });
  const requestRef = useRef(0);
  const selectedKey = selectedRow === null ? null : keyOf(selectedRow);

  const clear = useCallback(() => {
    requestRef.current += 1;
    setSelectedRow(null);
    setState({ kind: 'none' });
  }, []);

  const toggle = useCallback(
    (row: Row) => {
      if (selectedKey !== null && keyOf(row) === selectedKey) {
        clear();
        return;
      }
      const request = ++requestRef.current;
      const label = labelOf(row);
      setSelectedRow(row);
      setState({ kind: 'loading', label });
      fetchNames(row).then(
        (files) => {
          if (request === requestRef.current) setState({ kind: 'files', label, files });
        },
        (error: unknown) => {
          console.error(`Failed to fetch the PDF list of ${label}`, error);
          if (request === requestRef.current) setState({ kind: 'files', label, files: [] });
        },
      );
    },
    [selectedKey, keyOf, labelOf, fetchNames, clear],
  );

  return { selectedKey, selectedRow, state, toggle, clear };
}

/** Lets a grid's Show PDFs cell see the selection (ag-grid renders cells in portals, so context reaches them). */
export const PdfSelectionContext = createContext<{ selectedKey: string | null; toggle(row: unknown): void } | null>(
  null,
);

export function usePdfSelectionContext() {
  const value = useContext(PdfSelectionContext);
  if (!value) throw new Error('usePdfSelectionContext needs a PdfSelectionContext provider');
  return value;
}
