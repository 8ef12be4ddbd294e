import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Stack, TextField } from '@mui/material';
import { assignDetailer, type StaffOrder } from '../api/order-desk-api';
import { failureMessage, refusalOf } from '../field-reasons';

/** Assign who details the order (an event on the timeline; the state stays). */
export function DetailerForm({ order, onSaved }: { order: StaffOrder; onSaved(order: StaffOrder): void }) {
  const [detailer, setDetailer] = useState(order.detailer ?? '');
  const [problem, setProblem] = useState('');
  const save = useMutation({
    mutationFn: () => assignDetailer(order.fileName, detailer.trim()),
    onSuccess: (saved) => {
      setProblem('');
      onSaved(saved);
    },
    onError: (error) => {
      const refusal = refusalOf(error);
      setProblem(refusal?.body.reasons?.join(' ') || failureMessage(error));
    },
  });
  const isUnchanged = detailer.trim() === (order.detailer ?? '');
  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      sx={{ alignItems: 'flex-start' }}
      onSubmit={(event) => {
        event.preventDefault();
        if (!detailer.trim()) return setProblem('Detailer is required');
        save.mutate();
      }}
    >
      <TextField
        size="small"
        label="Detailer"
        value={detailer}
        onChange={(event) => {
          setDetailer(event.target.value);
          setProblem('');
        }}
        error={Boolean(problem)}
        helperText={problem || undefined}
        slotProps={{ htmlInput: { maxLength: 120 } }}
        sx={{ flexGrow: 1 }}
      />
      <Button type="submit" variant="outlined" disabled={save.isPending || isUnchanged}>
        Assign detailer
      </Button>
      {save.isSuccess && isUnchanged && (
        <Alert severity="success" sx={{ py: 0 }}>
          Saved
        </Alert>
      )}
    </Stack>
  );
}
