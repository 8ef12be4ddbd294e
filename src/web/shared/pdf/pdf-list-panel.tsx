import { useEffect, useRef } from 'react';
import { Box, Button, List, ListItem, Paper, Typography } from '@mui/material';
import { useIsCardLayout } from '../grid/card-column';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import type { PdfListState } from './use-pdf-selection';

interface PdfListPanelProps {
  state: PdfListState;
  onOpen(pdfName: string): void;
  /** Distinguishes the panel's heading id when a page has more than one. */
  idPrefix?: string;
}

/** The PDF list beside an order table (spec 1 §2, §4): a prompt, Loading..., the names, or No files available. */
export function PdfListPanel({ state, onOpen, idPrefix = 'pdf' }: PdfListPanelProps) {
  const headingId = `${idPrefix}-panel-heading`;
  const panelRef = useRef<HTMLElement>(null);
  const isBelowTable = useIsCardLayout();
  const selectedLabel = state.kind === 'none' ? null : state.label;
  // Below 900 px the panel sits under the cards: bring it into view when a Show PDFs button is pressed.
  useEffect(() => {
    if (isBelowTable && selectedLabel !== null) panelRef.current?.scrollIntoView({ block: 'nearest' });
  }, [isBelowTable, selectedLabel]);
  return (
    <Paper
      ref={panelRef}
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      data-testid="pdf-panel"
      sx={{ p: 2, minWidth: { md: 220 }, width: { xs: '100%', md: 'auto' }, alignSelf: 'stretch' }}
    >
      <Typography variant="h3" id={headingId} sx={{ fontSize: '1.05rem', mb: 1 }}>
        PDF Files{state.kind === 'none' ? '' : `: ${state.label}`}
      </Typography>
      <Box role="status" aria-live="polite">
        {state.kind === 'none' && <Typography color="text.secondary">Click a Show PDFs button!</Typography>}
        {state.kind === 'loading' && <Typography color="text.secondary">Loading...</Typography>}
        {state.kind === 'files' && state.files.length === 0 && (
          <Typography color="text.secondary">No files available</Typography>
        )}
      </Box>
      {state.kind === 'files' && state.files.length > 0 && (
        <List dense aria-label={`PDF files of ${state.label}`} disablePadding>
          {state.files.map((name) => (
            <ListItem key={name} disableGutters>
              <Button
                size="small"
                startIcon={<PictureAsPdfOutlinedIcon />}
                onClick={() => onOpen(name)}
                sx={{ justifyContent: 'flex-start', textAlign: 'left', wordBreak: 'break-all' }}
              >
                {name}
              </Button>
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
