/**
 * A golden order opened step by step: its steps in words, Previous / Next / Go to step moving the preview there, and
 * at the end each expectation with its expected and actual value side by side.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { CompiledDefinition } from '../../../../engine';
import { useFormSelector, type FormStore } from '../../../forms';
import { describeStep, expectationRows, readGoldenOrder, showStep } from './golden-order-steps';
import type { PreviewController } from './preview-controller';

const show = (value: unknown) => (value === undefined ? '(nothing)' : JSON.stringify(value));

interface GoldenOrderStepperProps {
  path: string;
  content: string | undefined;
  definition: CompiledDefinition;
  controller: PreviewController;
  store: FormStore;
  onClose(): void;
}

export function GoldenOrderStepper({ path, content, definition, controller, store, onClose }: GoldenOrderStepperProps) {
  const opened = useMemo(
    () =>
      content === undefined ? { error: 'The draft does not hold this file.' } : readGoldenOrder(content, definition),
    [content, definition],
  );
  const order = opened.order;
  const steps = order?.steps ?? [];
  const [position, setPosition] = useState(0);
  const [notices, setNotices] = useState<string[]>([]);
  const at = Math.min(position, steps.length);
  // The preview follows the position, and a new definition (an edit) replays the order on it.
  useEffect(() => {
    if (order) setNotices(showStep(controller, order, at));
  }, [controller, order, at, store]);
  const state = useFormSelector(store, (view) => view.state);
  const isAtEnd = at === steps.length;
  const rows = useMemo(
    () => (order && isAtEnd ? expectationRows(order, state, notices) : []),
    [order, isAtEnd, state, notices],
  );
  const name = path.split('/').at(-1) ?? path;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="stepper-heading"
      sx={{ p: 2, borderColor: 'primary.main' }}
      data-testid="golden-order-stepper"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography id="stepper-heading" component="h3" variant="h6" sx={{ flex: 1 }}>
          Golden order step by step: {order?.title ?? name}
        </Typography>
        <Button onClick={onClose}>Close</Button>
      </Stack>
      <Typography variant="caption" component="p" color="text.secondary">
        {path}
      </Typography>
      {opened.error !== undefined ? (
        <Alert severity="error">{opened.error}</Alert>
      ) : (
        <>
          <Stack direction="row" spacing={1} sx={{ my: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="outlined" disabled={at === 0} onClick={() => setPosition(at - 1)}>
              Previous
            </Button>
            <Button variant="outlined" disabled={isAtEnd} onClick={() => setPosition(at + 1)}>
              Next
            </Button>
            <TextField
              select
              size="small"
              label="Go to step"
              value={at}
              onChange={(event) => setPosition(Number(event.target.value))}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value={0}>Start</MenuItem>
              {steps.map((_step, index) => (
                <MenuItem key={index} value={index + 1}>
                  After step {index + 1}
                  {index + 1 === steps.length ? ' (the end)' : ''}
                </MenuItem>
              ))}
            </TextField>
            <Typography role="status" variant="body2">
              {at === 0 ? 'At the start' : `After step ${at} of ${steps.length}`}
            </Typography>
          </Stack>
          <Box component="ol" sx={{ pl: 3, my: 0 }} aria-label="Steps">
            {steps.map((step, index) => (
              <Box
                component="li"
                key={index}
                aria-current={index + 1 === at ? 'step' : undefined}
                sx={{ fontWeight: index + 1 === at ? 700 : 400, color: index + 1 > at ? 'text.secondary' : 'inherit' }}
              >
                {describeStep(step, definition)}
              </Box>
            ))}
            {steps.length === 0 && <li>No steps: the order checks its start.</li>}
          </Box>
          {isAtEnd && (
            <Table size="small" aria-label="Expected and actual at the end" sx={{ mt: 1 }}>
              <TableHead>
                <TableRow>
                  <TableCell component="th">Expectation</TableCell>
                  <TableCell component="th">Expected</TableCell>
                  <TableCell component="th">Actual</TableCell>
                  <TableCell component="th">Met</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.key} data-met={row.isMet}>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{row.key}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{show(row.expected)}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{show(row.actual)}</TableCell>
                    <TableCell sx={{ color: row.isMet ? 'success.dark' : 'error.dark', fontWeight: 700 }}>
                      {row.isMet ? 'yes' : 'no'}
                    </TableCell>
                  </TableRow>
                ))}
                {rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={4}>The order expects nothing.</TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          )}
        </>
      )}
    </Paper>
  );
}
