import { Dialog, DialogActions, DialogContent, DialogTitle, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { buildRoofSpanChart, type SpanLimits } from './roof-span-chart';

/** The Roof Span Chart modal (spec 2 §2.2, §9), from the span limits the definition's rules use. */
export function RoofSpanChartModal({ isOpen, onClose, spanLimits, isScreenRoom }: { isOpen: boolean; onClose(): void; spanLimits: SpanLimits | undefined; isScreenRoom: boolean }) {
  const rows = buildRoofSpanChart(spanLimits, isScreenRoom);
  return (
    <Dialog open={isOpen} onClose={onClose} aria-labelledby="roof-span-title" maxWidth="md" fullWidth>
      <DialogTitle id="roof-span-title">Roof Span Chart</DialogTitle>
      <DialogContent dividers tabIndex={0} role="region" aria-labelledby="roof-span-title">
        <Table size="small" aria-labelledby="roof-span-title">
          <TableHead>
            <TableRow>
              <TableCell>Snow load (lb/sq ft)</TableCell>
              <TableCell>4 1/4&quot; 0.024 aluminium, 1 pound foam</TableCell>
              <TableCell>4 1/4&quot; 0.032 aluminium, 1 pound foam</TableCell>
              <TableCell>4 1/4&quot; 0.032 aluminium, 2 pound foam</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.load}>
                <TableCell>{row.load}</TableCell>
                <TableCell>{row.spans[0]}</TableCell>
                <TableCell>{row.spans[1]}</TableCell>
                <TableCell>Any span</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Typography variant="body2" sx={{ mt: 2 }}>
          Maximum roof spans. Shingles add 5 lb per square foot and need 0.032 skin.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
