import { useId, useState } from 'react';
import {
  Box,
  Button,
  Chip,
  Collapse,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { GoldenDifference, GoldenOrderOutcome } from '../../../../definition-tree';
import { fileName } from '../draft/draft-workspace';
import { canAccept } from './accept-actual';
import { visuallyHidden } from '../../../shared/visually-hidden';

/** A value as the table shows it: JSON, absent said in words. */
const show = (value: unknown) =>
  value === undefined ? '(absent)' : JSON.stringify(value, null, 1).replace(/\n\s*/g, ' ');

/**
 * One failing golden order: its title and file, a button to open it step by step in the preview, and, expanded, each
 * expectation with what it expects and what the engine now does, side by side, each with a fix taking the new value.
 */
export function FailingOrder({
  order,
  canAccept: isAcceptAllowed,
  onAccept,
  onOpen,
}: {
  order: GoldenOrderOutcome;
  canAccept: boolean;
  onAccept(differences: readonly GoldenDifference[]): void;
  onOpen(): void;
}) {
  const [isOpen, setOpen] = useState(false);
  const id = useId();
  const acceptable = order.differences.filter(canAccept);
  const title = order.title || fileName(order.file);
  return (
    <Box
      component="li"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}
      data-testid="proof-failing-order"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          size="small"
          aria-expanded={isOpen}
          aria-controls={id}
          onClick={() => setOpen(!isOpen)}
          sx={{ textTransform: 'none', fontWeight: 700, textAlign: 'left' }}
        >
          <span aria-hidden>{isOpen ? '▾' : '▸'}&nbsp;</span>
          {title}
        </Button>
        <Chip size="small" color="error" label={order.status === 'invalid' ? 'invalid' : 'fails'} />
        <Typography variant="body2" sx={{ fontFamily: 'monospace', color: 'text.secondary' }}>
          {fileName(order.file)}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Button size="small" variant="outlined" onClick={onOpen}>
          Open step by step
        </Button>
        {acceptable.length > 1 && (
          <Button size="small" disabled={!isAcceptAllowed} onClick={() => onAccept(acceptable)}>
            Take all new values as expected
          </Button>
        )}
      </Stack>
      <Collapse in={isOpen} id={id}>
        {order.differences.length === 0 ? (
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {order.details.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </Box>
        ) : (
          <Table size="small" aria-label={`Expectations of ${title} that fail`}>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  Expectation
                </TableCell>
                <TableCell component="th" scope="col">
                  Expected
                </TableCell>
                <TableCell component="th" scope="col">
                  Actual
                </TableCell>
                <TableCell component="th" scope="col">
                  <Box component="span" sx={visuallyHidden}>
                    Fix
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {order.differences.map((difference) => (
                <DifferenceRow
                  key={difference.key}
                  difference={difference}
                  canAccept={isAcceptAllowed && canAccept(difference)}
                  onAccept={() => onAccept([difference])}
                />
              ))}
            </TableBody>
          </Table>
        )}
      </Collapse>
    </Box>
  );
}

function DifferenceRow({
  difference,
  canAccept: isAcceptAllowed,
  onAccept,
}: {
  difference: GoldenDifference;
  canAccept: boolean;
  onAccept(): void;
}) {
  const keyId = useId();
  const cell = { fontFamily: 'monospace', wordBreak: 'break-word', verticalAlign: 'top' } as const;
  return (
    <TableRow data-testid="proof-difference">
      <TableCell component="th" scope="row" id={keyId} sx={cell}>
        {difference.key.replace(/^expect\./, '')}
      </TableCell>
      <TableCell sx={cell} data-testid="proof-expected">
        {show(difference.expected)}
      </TableCell>
      <TableCell sx={cell} data-testid="proof-actual">
        {show(difference.actual)}
      </TableCell>
      <TableCell sx={{ verticalAlign: 'top' }}>
        <Button size="small" disabled={!isAcceptAllowed} aria-describedby={keyId} onClick={onAccept}>
          Take the new value as expected
        </Button>
      </TableCell>
    </TableRow>
  );
}
