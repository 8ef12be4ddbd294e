import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Button,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { buildRoofSpanTables, type SpanChartSpec } from './roof-span-chart';

interface RoofSpanChartModalProps {
  isOpen: boolean;
  onClose(): void;
  spanChart: SpanChartSpec | undefined;
  constants: Record<string, unknown>;
  isScreenRoom: boolean;
}

/** The Roof Span Chart modal (spec 2 §2.2, §9), from the chart the definition's ui describes and the rules' spans. */
export function RoofSpanChartModal({ isOpen, onClose, spanChart, constants, isScreenRoom }: RoofSpanChartModalProps) {
  const tables = buildRoofSpanTables(spanChart, constants, isScreenRoom);
  return (
    <Dialog open={isOpen} onClose={onClose} aria-labelledby="roof-span-title" maxWidth="md" fullWidth>
      <DialogTitle id="roof-span-title">Roof Span Chart</DialogTitle>
      <DialogContent dividers tabIndex={0} role="region" aria-labelledby="roof-span-title">
        {tables.map((table) => (
          <Table
            key={table.titles.join('|')}
            size="small"
            aria-label={`Maximum spans: ${table.titles.join(', ')}`}
            sx={{ mb: 2 }}
          >
            <TableHead>
              <TableRow>
                <TableCell>Snow load (lb/sq ft)</TableCell>
                {table.titles.map((title) => (
                  <TableCell key={title}>{title}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {table.rows.map((row) => (
                <TableRow key={row.load}>
                  <TableCell>{row.load}</TableCell>
                  {row.spans.map((span, i) => (
                    <TableCell key={table.titles[i]}>{span}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ))}
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
