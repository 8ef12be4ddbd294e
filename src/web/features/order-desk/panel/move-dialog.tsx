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
  Typography,
} from '@mui/material';
import { moveOrder, type StaffOrder } from '../api/order-desk-api';
import { placeFailure, refusalOf } from '../field-reasons';
import {
  checkFacts,
  describeMove,
  emptyFacts,
  statusLabels,
  toTransitionBody,
  type MoveFactName,
  type MoveFacts,
  type OrderStatus,
} from '../order-moves';
import { MoveFields, moveFieldNames } from './move-fields';

interface MoveDialogProps {
  order: StaffOrder;
  to: OrderStatus;
  onClose(): void;
  onMoved(order: StaffOrder): void;
  /** 409: a colleague moved the order since the panel showed it (the server's words). */
  onConflict(message: string): void;
}

/**
 * The confirmation of one move: what changes (state and each fact, as typed), the facts the move needs, a note. Sends
 * the state shown as `from`, so a colleague's move in between is refused (409) rather than overwritten.
 */
export function MoveDialog({ order, to, onClose, onMoved, onConflict }: MoveDialogProps) {
  const [facts, setFacts] = useState<MoveFacts>(() => ({ ...emptyFacts, detailer: order.detailer ?? '' }));
  const [problems, setProblems] = useState<Partial<Record<MoveFactName, string>>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const move = useMutation({
    mutationFn: () => moveOrder(order.fileName, toTransitionBody(to, facts, order.status)),
    onSuccess: onMoved,
    onError: (error) => {
      const refusal = refusalOf(error);
      if (refusal?.status === 409) return onConflict(refusal.body.message);
      const placed = placeFailure(error, moveFieldNames);
      setProblems(placed.byField);
      setGeneral(placed.general);
    },
  });

  const submit = () => {
    const found = checkFacts(to, facts);
    setProblems(found);
    setGeneral([]);
    if (Object.keys(found).length === 0) move.mutate();
  };
  const titleId = 'move-dialog-title';
  return (
    <Dialog open onClose={move.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Move to {statusLabels[to]}?</DialogTitle>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DialogContent dividers>
          <DialogContentText sx={{ mb: 1 }}>
            {order.jobName ? `${order.jobName} (${order.fileName})` : order.fileName} will change:
          </DialogContentText>
          <Box component="ul" data-testid="move-changes" sx={{ mt: 0, mb: 2, pl: 3 }}>
            {describeMove(order.status, to, facts).map((change) => (
              <li key={change}>
                <Typography>{change}</Typography>
              </li>
            ))}
          </Box>
          <MoveFields
            to={to}
            facts={facts}
            problems={problems}
            idPrefix="move"
            onChange={(name, value) => {
              setFacts((current) => ({ ...current, [name]: value }));
              setProblems((current) => ({ ...current, [name]: undefined }));
            }}
          />
          {general.length > 0 && (
            <Alert severity="error" sx={{ mt: 2 }} role="alert" data-testid="move-error">
              {general.join(' ')}
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
            disabled={move.isPending}
            startIcon={move.isPending ? <CircularProgress size={16} aria-hidden /> : undefined}
          >
            Move to {statusLabels[to]}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
