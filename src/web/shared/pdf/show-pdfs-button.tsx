import { Button } from '@mui/material';
import { usePdfSelectionContext } from './use-pdf-selection';

/** The Show PDFs / Hide PDFs toggle of one table row. */
export function ShowPdfsButton({ row, rowKey, rowLabel }: { row: unknown; rowKey: string; rowLabel: string }) {
  const { selectedKey, toggle } = usePdfSelectionContext();
  const isSelected = selectedKey === rowKey;
  return (
    <Button
      size="small"
      variant={isSelected ? 'contained' : 'outlined'}
      aria-pressed={isSelected}
      aria-label={`${isSelected ? 'Hide PDFs' : 'Show PDFs'} of ${rowLabel}`}
      onClick={() => toggle(row)}
    >
      {isSelected ? 'Hide PDFs' : 'Show PDFs'}
    </Button>
  );
}
