import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Papa from 'papaparse';
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { isPriceTable, type PriceTable } from '../../../../engine';
import { formatPrice } from '../diff/describe-diff';
import type { DraftWorkspaceHandle } from '../draft/use-draft-workspace';
import { formatJson } from '../json-layout';
import { tableNameOf } from '../tree-paths';
import { PriceGrid } from './price-grid';
import { PriceRowDiff } from './price-row-diff';
import { checkSheet, diffPrices, rowsToSheet, sheetOf, sheetToCsv, tableOf, type PriceSheet } from './price-sheet';

const price = (value: unknown) =>
  typeof value === 'number' ? formatPrice(value) : value === '' ? '(none)' : `“${String(value)}”`;

/** The sheet of a table plus the sizes added here that have no price yet (they exist only in this page until filled). */
function withPending(sheet: PriceSheet, pendingLengths: string[], pendingWidths: string[]): PriceSheet {
  const lengths = [...sheet.lengths, ...pendingLengths.filter((l) => !sheet.lengths.includes(l))].sort(
    (a, b) => Number(a) - Number(b),
  );
  const widths = [...sheet.widths, ...pendingWidths.filter((w) => !sheet.widths.includes(w))].sort(
    (a, b) => Number(a) - Number(b),
  );
  const cellAt = (length: string, width: string) => {
    const row = sheet.lengths.indexOf(length);
    const column = sheet.widths.indexOf(width);
    return row === -1 || column === -1 ? '' : sheet.cells[row][column];
  };
  return { lengths, widths, cells: lengths.map((length) => widths.map((width) => cellAt(length, width))) };
}

/** One price table of the draft: the grid, sizes added and removed, CSV import and export, and its row diff. */
export function PriceTableEditor({
  path,
  workspace,
  isReadOnly,
}: {
  path: string;
  workspace: DraftWorkspaceHandle;
  isReadOnly: boolean;
}) {
  const content = workspace.contentOf(path);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    if (content === undefined)
      workspace.readFile(path).catch((error: unknown) => setLoadError((error as Error).message ?? String(error)));
  }, [content, path, workspace]);

  const parsed = useMemo(() => {
    if (typeof content !== 'string') return undefined;
    try {
      const value: unknown = JSON.parse(content);
      return isPriceTable(value) ? value : null;
    } catch {
      return null;
    }
  }, [content]);

  if (loadError) return <Alert severity="error">{loadError}</Alert>;
  if (content === undefined) return <Typography role="status">Loading {tableNameOf(path)}…</Typography>;
  if (content === null) return <Alert severity="info">This draft deletes {tableNameOf(path)}.</Alert>;
  if (!parsed)
    return (
      <Alert severity="info">
        {tableNameOf(path)} is not a price table (or not valid JSON): edit it as JSON on the Forms tab of a form that
        includes it.
      </Alert>
    );
  return <SheetEditor key={path} path={path} table={parsed} workspace={workspace} isReadOnly={isReadOnly} />;
}

function SheetEditor({
  path,
  table,
  workspace,
  isReadOnly,
}: {
  path: string;
  table: PriceTable;
  workspace: DraftWorkspaceHandle;
  isReadOnly: boolean;
}) {
  const name = tableNameOf(path);
  const unit = table.unit === 'inches' ? 'in' : 'ft';
  const [pendingLengths, setPendingLengths] = useState<string[]>([]);
  const [pendingWidths, setPendingWidths] = useState<string[]>([]);
  const [message, setMessage] = useState<{ severity: 'error' | 'success'; lines: string[] } | null>(null);
  const sheet = useMemo(
    () => withPending(sheetOf(table), pendingLengths, pendingWidths),
    [table, pendingLengths, pendingWidths],
  );
  const problems = useMemo(() => checkSheet(sheet, table), [sheet, table]);

  const write = useCallback(
    (next: PriceSheet, label: string) => {
      const nextTable = tableOf(table, next);
      workspace.writeFile(path, formatJson(nextTable), `${name} ${label}`);
    },
    [name, path, table, workspace],
  );

  const onCellChange = useCallback(
    (row: number, column: number, value: string) => {
      const before = sheet.cells[row][column];
      if (value.trim() === before.trim()) return;
      const cells = sheet.cells.map((r) => [...r]);
      cells[row][column] = value.trim();
      setMessage(null);
      write(
        { ...sheet, cells },
        `${sheet.lengths[row]}x${sheet.widths[column]}: ${price(parse(before))} → ${price(parse(value.trim()))}`,
      );
    },
    [sheet, write],
  );

  const onLengthChange = useCallback(
    (row: number, value: string) => {
      const length = value.trim();
      if (length === sheet.lengths[row]) return;
      const lengths = sheet.lengths.map((l, index) => (index === row ? length : l));
      const refused = checkSheet({ ...sheet, lengths }, table).filter(
        (problem) => problem.row === row && /not a size|appears twice/.test(problem.message),
      );
      if (refused.length > 0) {
        setMessage({ severity: 'error', lines: [`Length not changed: ${refused[0].message}`] });
        return;
      }
      setMessage(null);
      setPendingLengths((pending) => pending.filter((l) => l !== sheet.lengths[row]).concat(length));
      write({ ...sheet, lengths }, `length ${sheet.lengths[row]} → ${length}`);
    },
    [sheet, table, write],
  );

  const [newSize, setNewSize] = useState('');
  const [removeSize, setRemoveSize] = useState('');
  const addSize = (axis: 'length' | 'width') => {
    const size = newSize.trim();
    const headers = axis === 'length' ? sheet.lengths : sheet.widths;
    if (!/^\d+(\.\d+)?$/.test(size) || Number(size) <= 0) {
      setMessage({ severity: 'error', lines: [`Type the new ${axis} as a number of ${unit}, e.g. 22.`] });
      return;
    }
    if (headers.some((h) => Number(h) === Number(size))) {
      setMessage({ severity: 'error', lines: [`There is already a ${axis} of ${Number(size)} ${unit}.`] });
      return;
    }
    const key = String(Number(size));
    if (axis === 'length') setPendingLengths((pending) => [...pending, key]);
    else setPendingWidths((pending) => [...pending, key]);
    setNewSize('');
    setMessage({
      severity: 'success',
      lines: [
        `${axis === 'length' ? 'Row' : 'Column'} ${key} ${unit} added: type its prices (it is saved once it has them).`,
      ],
    });
  };
  const removeAxis = (axis: 'length' | 'width', size: string) => {
    if (!size) return;
    const isLength = axis === 'length';
    const index = (isLength ? sheet.lengths : sheet.widths).indexOf(size);
    if (index === -1) return;
    const next: PriceSheet = isLength
      ? {
          ...sheet,
          lengths: sheet.lengths.filter((_, i) => i !== index),
          cells: sheet.cells.filter((_, i) => i !== index),
        }
      : {
          ...sheet,
          widths: sheet.widths.filter((_, i) => i !== index),
          cells: sheet.cells.map((row) => row.filter((_, i) => i !== index)),
        };
    if (isLength) setPendingLengths((pending) => pending.filter((l) => l !== size));
    else setPendingWidths((pending) => pending.filter((w) => w !== size));
    setRemoveSize('');
    setMessage(null);
    write(next, `${axis} ${size} ${unit} removed`);
  };

  const fileInput = useRef<HTMLInputElement>(null);
  const importCsv = async (file: File) => {
    const text = await file.text();
    const parsedCsv = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
    const imported = rowsToSheet(parsedCsv.data);
    if (!imported.sheet) {
      setMessage({ severity: 'error', lines: [`${file.name} was not imported:`, ...imported.problems] });
      return;
    }
    const sheetProblems = checkSheet(imported.sheet, table).map(
      (problem) => `${problem.row !== undefined ? `Line ${problem.row + 2}: ` : ''}${problem.message}`,
    );
    if (sheetProblems.length > 0) {
      setMessage({ severity: 'error', lines: [`${file.name} was not imported:`, ...sheetProblems] });
      return;
    }
    const nextTable = tableOf(table, imported.sheet);
    const diff = diffPrices(table.prices, nextTable.prices);
    const changes = diff.added.length + diff.removed.length + diff.changed.length;
    if (changes === 0) {
      setMessage({ severity: 'success', lines: [`${file.name} holds the same prices: nothing changed.`] });
      return;
    }
    setPendingLengths([]);
    setPendingWidths([]);
    const summary = `${diff.changed.length} changed, ${diff.added.length} added, ${diff.removed.length} removed`;
    workspace.writeFile(path, formatJson(nextTable), `${name} imported from ${file.name} (${summary})`);
    setMessage({ severity: 'success', lines: [`Imported ${file.name}: ${summary}. Save to keep it.`] });
  };

  const exportCsv = () => {
    const csv = sheetToCsv(sheet, table.unit); // formula-looking cells neutralised (shared/csv.ts)
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${name}.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Box>
        <Typography component="h3" variant="h3" sx={{ fontSize: '1.2rem' }}>
          {name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {table.description}
        </Typography>
        <Typography variant="body2">
          Lengths rounded up to {rounding(table.length.roundUpTo)}, widths to {rounding(table.width.roundUpTo)} ({unit}
          ).
          {isReadOnly
            ? ''
            : ' Double-click or press Enter on a cell to change it; Enter again to keep it, Escape to cancel.'}
        </Typography>
      </Box>
      {!isReadOnly && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ flexWrap: 'wrap', alignItems: 'flex-start', rowGap: 1 }}
          role="group"
          aria-label="Sizes and files"
        >
          <TextField
            size="small"
            label={`New size (${unit})`}
            value={newSize}
            onChange={(event) => setNewSize(event.target.value)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            sx={{ width: 150 }}
          />
          <Button variant="outlined" onClick={() => addSize('length')}>
            Add length row
          </Button>
          <Button variant="outlined" onClick={() => addSize('width')}>
            Add width column
          </Button>
          <TextField
            select
            size="small"
            label="Remove a size"
            value={removeSize}
            onChange={(event) => setRemoveSize(event.target.value)}
            sx={{ width: 190 }}
          >
            {sheet.lengths.map((length) => (
              <MenuItem key={`l${length}`} value={`length:${length}`}>
                length {length} {unit}
              </MenuItem>
            ))}
            {sheet.widths.map((width) => (
              <MenuItem key={`w${width}`} value={`width:${width}`}>
                width {width} {unit}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            color="error"
            disabled={!removeSize}
            onClick={() => {
              const [axis, size] = removeSize.split(':') as ['length' | 'width', string];
              removeAxis(axis, size);
            }}
          >
            Remove
          </Button>
          <Button variant="outlined" onClick={() => fileInput.current?.click()}>
            Import CSV…
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".csv,text/csv"
            aria-label={`Import a CSV file into ${name}`}
            data-testid="price-csv-input"
            hidden
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void importCsv(file);
            }}
          />
          <Button variant="outlined" onClick={exportCsv}>
            Export CSV
          </Button>
        </Stack>
      )}
      {isReadOnly && (
        <Button variant="outlined" onClick={exportCsv} sx={{ alignSelf: 'flex-start' }}>
          Export CSV
        </Button>
      )}
      {message && (
        <Alert severity={message.severity} role={message.severity === 'error' ? 'alert' : 'status'}>
          {message.lines.length === 1 ? (
            message.lines[0]
          ) : (
            <>
              {message.lines[0]}
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {message.lines.slice(1).map((line, index) => (
                  <li key={index}>{line}</li>
                ))}
              </Box>
            </>
          )}
        </Alert>
      )}
      {problems.length > 0 && (
        <Alert severity="warning" data-testid="price-problems">
          {problems.length} problem{problems.length === 1 ? '' : 's'} to fix before this table can be saved (each is
          shown at its row):
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {problems.slice(0, 8).map((problem, index) => (
              <li key={index}>{problem.message}</li>
            ))}
            {problems.length > 8 && <li>and {problems.length - 8} more</li>}
          </Box>
        </Alert>
      )}
      <PriceGrid
        label={`Prices of ${name}`}
        sheet={sheet}
        unit={unit}
        problems={problems}
        isReadOnly={isReadOnly}
        onCellChange={onCellChange}
        onLengthChange={onLengthChange}
      />
      <PriceRowDiff path={path} table={table} workspace={workspace} />
    </Stack>
  );
}

function parse(text: string): unknown {
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}

function rounding(rule: PriceTable['length']['roundUpTo']): string {
  return typeof rule === 'number' ? `a multiple of ${rule}` : rule === 'whole' ? 'a whole number' : `an ${rule} number`;
}
