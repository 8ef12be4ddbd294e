import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { moveOrders, type BulkTransitionAnswer, type StaffOrderRow } from '../api/order-desk-api';
import { placeFailure } from '../field-reasons';
import {
  checkFacts,
  emptyFacts,
  legalRowsFor,
  lifecycle,
  statusLabels,
  toTransitionBody,
  type MoveFactName,
  type MoveFacts,
  type OrderStatus,
} from '../order-moves';
import { MoveFields, moveFieldNames } from '../panel/move-fields';

interface BulkMoveDialogProps {
  rows: StaffOrderRow[];
  onClose(): void;
  /** The server answered: the grid reloads (the dialog stays open on its report). */
  onMoved(answer: BulkTransitionAnswer): void;
}

const targets = lifecycle.filter((status) => status !== 'initial');

const outcomeWords: Record<BulkTransitionAnswer['results'][number]['outcome'], string> = {
  moved: 'Moved',
  refused: 'Not moved',
  'not-found': 'Not found',
  invalid: 'Not moved',
};

/** The most common next state among the rows: what staff most likely want to move them to. */
function likelyTarget(rows: StaffOrderRow[]): OrderStatus {
  const votes = new Map<OrderStatus, number>();
  for (const row of rows) {
    const next = lifecycle[lifecycle.indexOf(row.status) + 1];
    if (next) votes.set(next, (votes.get(next) ?? 0) + 1);
  }
  return [...votes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'processed';
}

/**
 * One move for the selected rows: the confirmation says for how many it is legal (by the state shown); the server
 * judges each row again and the report says, row by row, which moved and why the others did not.
 */
export function BulkMoveDialog({ rows, onClose, onMoved }: BulkMoveDialogProps) {
  const [to, setTo] = useState<OrderStatus>(() => likelyTarget(rows));
  const [facts, setFacts] = useState<MoveFacts>(emptyFacts);
  const [problems, setProblems] = useState<Partial<Record<MoveFactName, string>>>({});
  const [general, setGeneral] = useState('');
  const { legal, illegal } = legalRowsFor(rows, to);
  const move = useMutation({
    mutationFn: () => moveOrders({ fileNames: rows.map((row) => row.fileName), move: toTransitionBody(to, facts) }),
    onSuccess: onMoved,
    onError: (error) => {
      const placed = placeFailure(error, moveFieldNames);
      setProblems(placed.byField);
      setGeneral(placed.general.join(' '));
    },
  });
  const submit = () => {
    const found = checkFacts(to, facts);
    setProblems(found);
    setGeneral('');
    if (Object.keys(found).length === 0) move.mutate();
  };
  const report = move.data;

  return (
    <Dialog
      open
      onClose={move.isPending ? undefined : onClose}
      aria-labelledby="bulk-move-title"
      fullWidth
      maxWidth="md"
    >
      <DialogTitle id="bulk-move-title">
        {report ? 'Moves done' : `Move ${rows.length} selected order${rows.length === 1 ? '' : 's'}`}
      </DialogTitle>
      {report ? (
        <>
          <DialogContent dividers>
            <BulkReport answer={report} rows={rows} />
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose} autoFocus>
              Close
            </Button>
          </DialogActions>
        </>
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <DialogContent dividers>
            <TextField
              select
              label="Move to"
              value={to}
              onChange={(event) => {
                setTo(event.target.value as OrderStatus);
                setProblems({});
              }}
              sx={{ minWidth: 220, mb: 2 }}
              slotProps={{ htmlInput: { 'data-testid': 'bulk-move-to' } }}
            >
              {targets.map((status) => (
                <MenuItem key={status} value={status}>
                  {statusLabels[status]}
                </MenuItem>
              ))}
            </TextField>
            <DialogContentText data-testid="bulk-move-legal" sx={{ mb: 1 }}>
              The move to {statusLabels[to]} is legal for {legal.length} of {rows.length} selected order
              {rows.length === 1 ? '' : 's'}.
              {illegal.length > 0 &&
                ` ${illegal.length} will not move: ${illegal
                  .slice(0, 5)
                  .map((row) => `${row.fileName} (${statusLabels[row.status]})`)
                  .join(', ')}${illegal.length > 5 ? ', …' : ''}.`}
            </DialogContentText>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              The facts below apply to every order that moves.
            </Typography>
            <MoveFields
              to={to}
              facts={facts}
              problems={problems}
              idPrefix="bulk-move"
              onChange={(name, value) => {
                setFacts((current) => ({ ...current, [name]: value }));
                setProblems((current) => ({ ...current, [name]: undefined }));
              }}
            />
            {general && (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {general}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={move.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={move.isPending || legal.length === 0}
              startIcon={move.isPending ? <CircularProgress size={16} aria-hidden /> : undefined}
            >
              Move {legal.length} to {statusLabels[to]}
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}

function BulkReport({ answer, rows }: { answer: BulkTransitionAnswer; rows: StaffOrderRow[] }) {
  const moved = answer.results.filter((result) => result.outcome === 'moved').length;
  const jobOf = new Map(rows.map((row) => [row.fileName, row.jobName ?? '']));
  return (
    <>
      <Typography role="status" sx={{ mb: 1 }} data-testid="bulk-move-summary">
        {moved} of {answer.results.length} moved.
      </Typography>
      <Table size="small" data-testid="bulk-move-report">
        <TableHead>
          <TableRow>
            <TableCell>File</TableCell>
            <TableCell>Job name</TableCell>
            <TableCell>Outcome</TableCell>
            <TableCell>Why</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {answer.results.map((result) => (
            <TableRow key={result.fileName} data-testid={`bulk-result-${result.fileName}`}>
              <TableCell>{result.fileName}</TableCell>
              <TableCell>{jobOf.get(result.fileName)}</TableCell>
              <TableCell>
                {outcomeWords[result.outcome]}
                {result.outcome === 'moved' && result.status ? ` to ${statusLabels[result.status]}` : ''}
              </TableCell>
              <TableCell>{result.message ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
