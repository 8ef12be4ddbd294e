import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { apiErrorMessage, type FormImpact, type OrderImpact } from '../api/definitions-api';
import { formatPrice } from '../diff/describe-diff';
import { roleReasons } from '../workbench-roles';
import { useImpactRun } from './use-impact-run';

const priceText = (value: unknown) =>
  typeof value === 'number' ? formatPrice(value) : value === null || value === undefined ? '(none)' : String(value);

/** Impact analysis: how many stored orders change price, become incomplete or post another body, per form. */
export function ImpactPanel({ draftId, revision, canStart }: { draftId: number; revision: number; canStart: boolean }) {
  const [days, setDays] = useState('30');
  const impact = useImpactRun(draftId);
  const daysNumber = Number(days);
  const isDaysValid = Number.isInteger(daysNumber) && daysNumber >= 1 && daysNumber <= 3650;
  const run = impact.run;
  const report = run?.status === 'done' ? run.report : null;
  const [openForm, setOpenForm] = useState<string | null>(null);
  return (
    <Box component="section" aria-labelledby="impact-heading">
      <Typography id="impact-heading" component="h3" variant="h3" sx={{ fontSize: '1.2rem', mb: 1 }}>
        Impact on stored orders
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Replays the orders stored in the chosen period under the published version and under this draft (as saved,
        revision {revision}), and counts those that would change.
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 1 }}>
        <TextField
          size="small"
          label="Orders of the last … days"
          value={days}
          onChange={(event) => setDays(event.target.value.trim())}
          error={!isDaysValid}
          helperText={isDaysValid ? ' ' : 'A whole number of days from 1 to 3650'}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ width: 210 }}
        />
        <Button
          variant="outlined"
          disabled={
            !canStart || !isDaysValid || impact.isStarting || run?.status === 'pending' || run?.status === 'running'
          }
          onClick={() => {
            setOpenForm(null);
            impact.start(daysNumber);
          }}
        >
          Analyse impact
        </Button>
      </Stack>
      {!canStart && (
        <Typography variant="body2" color="text.secondary">
          {roleReasons.edit}
        </Typography>
      )}
      {impact.startError && <Alert severity="error">{apiErrorMessage(impact.startError)}</Alert>}
      {impact.pollError && <Alert severity="error">{apiErrorMessage(impact.pollError)}</Alert>}
      {run && (run.status === 'pending' || run.status === 'running') && (
        <Box role="status" aria-live="polite">
          <Typography variant="body2">
            {run.status === 'pending'
              ? 'Waiting for the analysis to start…'
              : `Replaying orders: ${run.done} of ${run.total || '…'}`}
          </Typography>
          <LinearProgress
            aria-label="Impact analysis progress"
            variant={run.total > 0 ? 'determinate' : 'indeterminate'}
            value={run.total > 0 ? (100 * run.done) / run.total : undefined}
          />
        </Box>
      )}
      {run?.status === 'failed' && <Alert severity="error">The analysis failed: {run.error}</Alert>}
      {report && (
        <Stack spacing={1} data-testid="impact-report">
          <Typography role="status">
            {report.orders} stored order{report.orders === 1 ? '' : 's'} since{' '}
            {new Date(report.since).toLocaleDateString('en-US')} replayed in {(report.tookMs / 1000).toFixed(1)} s.
          </Typography>
          <Table size="small" aria-label="Impact per form">
            <TableHead>
              <TableRow>
                <TableCell component="th">Form</TableCell>
                <TableCell component="th" align="right">
                  Orders
                </TableCell>
                <TableCell component="th" align="right">
                  Price changes
                </TableCell>
                <TableCell component="th" align="right">
                  Become incomplete
                </TableCell>
                <TableCell component="th" align="right">
                  Post a different body
                </TableCell>
                <TableCell component="th">Orders affected</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.forms.map((form) => (
                <TableRow key={form.form} data-testid={`impact-${form.form}`}>
                  <TableCell>{form.form}</TableCell>
                  <TableCell align="right">{form.orders}</TableCell>
                  <TableCell align="right" data-testid={`impact-${form.form}-price`}>
                    {form.changedPrice}
                  </TableCell>
                  <TableCell align="right">{form.becameIncomplete}</TableCell>
                  <TableCell align="right">{form.changedBody}</TableCell>
                  <TableCell>
                    {form.changed.length > 0 ? (
                      <Button
                        size="small"
                        aria-expanded={openForm === form.form}
                        onClick={() => setOpenForm(openForm === form.form ? null : form.form)}
                      >
                        {openForm === form.form ? 'Hide' : `Show ${form.changed.length}`}
                      </Button>
                    ) : (
                      'none'
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {openForm && <ImpactDrillDown form={report.forms.find((f) => f.form === openForm)!} />}
        </Stack>
      )}
    </Box>
  );
}

function ImpactDrillDown({ form }: { form: FormImpact }) {
  return (
    <Box component="section" aria-label={`Orders of ${form.form} that would change`}>
      <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {form.form}: {form.changed.length} order{form.changed.length === 1 ? '' : 's'} that would change
      </Typography>
      <Table size="small" data-testid="impact-orders">
        <TableHead>
          <TableRow>
            <TableCell component="th">Order</TableCell>
            <TableCell component="th">Price (published → draft)</TableCell>
            <TableCell component="th">Missing or refused under the draft</TableCell>
            <TableCell component="th">Fields posted differently</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {form.changed.map((order: OrderImpact) => (
            <TableRow key={order.fileName}>
              <TableCell sx={{ wordBreak: 'break-all' }}>{order.fileName}</TableCell>
              <TableCell>
                {order.price ? `${priceText(order.price.from)} → ${priceText(order.price.to)}` : ''}
              </TableCell>
              <TableCell>
                {order.incomplete
                  ? [
                      ...order.incomplete.missing.map((path) => `missing ${path}`),
                      ...Object.entries(order.incomplete.errors).map(([path, message]) => `${path}: ${message}`),
                    ].join('; ')
                  : ''}
              </TableCell>
              <TableCell>{order.body?.join(', ') ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
