import { createContext, useContext } from 'react';
import { Box, Button } from '@mui/material';
import { ShowPdfsButton } from '../../shared/pdf/show-pdfs-button';
import { visuallyHidden } from '../../shared/visually-hidden';

/** A confirmed or processed order as the PDF panel needs it. */
export interface PdfTarget {
  folder: string;
  fileName: string;
  label: string;
}

export const pdfTargetKey = (target: PdfTarget) => `${target.folder}/${target.fileName}`;

/** What a row's buttons do; given by the page, read by the cells (ag-grid renders cells in portals). */
export interface OrderActions {
  openTextFile(fileName: string): void;
  openDrawings(fileName: string): void;
}

export const OrderActionsContext = createContext<OrderActions>({
  openTextFile: () => undefined,
  openDrawings: () => undefined,
});

export function PdfFilesCell({ target }: { target: PdfTarget | null }) {
  if (!target) return null;
  return <ShowPdfsButton row={target} rowKey={pdfTargetKey(target)} rowLabel={target.label} />;
}

/** The file name as a button that opens the order's text file in a new window. */
export function TextFileCell({ fileName }: { fileName: string }) {
  const { openTextFile } = useContext(OrderActionsContext);
  if (!fileName) return null;
  return (
    <Button
      size="small"
      onClick={() => openTextFile(fileName)}
      aria-label={`Open the text file ${fileName}`}
      sx={{ px: 0.5, minWidth: 0 }}
    >
      {fileName}
    </Button>
  );
}

export function ViewDrawingsCell({ fileName }: { fileName: string }) {
  const { openDrawings } = useContext(OrderActionsContext);
  return (
    <Button
      size="small"
      variant="outlined"
      onClick={() => openDrawings(fileName)}
      aria-label={`View drawings of ${fileName}`}
    >
      View Drawings
    </Button>
  );
}

/** Date Created, red (with words for those who cannot see the colour) when overdue. */
export function DateCreatedCell({ value, isOverdue }: { value: string; isOverdue: boolean }) {
  if (!isOverdue) return <>{value}</>;
  return (
    <Box
      component="span"
      data-overdue="true"
      title="Older than 7 days and not emailed"
      sx={{ color: '#b91c1c', fontWeight: 700 }}
    >
      {value}
      <Box component="span" sx={visuallyHidden}>
        {' '}
        (older than 7 days, not emailed)
      </Box>
    </Box>
  );
}
