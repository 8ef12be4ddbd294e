import { useState } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import GridViewIcon from '@mui/icons-material/GridView';
import { toImageSource, type DrawingImage } from './api/drawing-images';
import { isPlanPage } from './furniture-model';
import { pageTitle } from './page-title';
import { FurnitureEditor } from './furniture-editor';
import { useDrawingImages } from './use-drawing-images';
import { useFurniturePages, type FurniturePagesState } from './use-furniture-pages';

export interface DrawingOverlayProps {
  /** The order whose drawings are shown (its file name, as the DrawingImages route takes it). */
  fileName: string;
  /** Close: the configurators return to ordering; Order Tracking just closes the overlay. */
  onClose(): void;
  /** When given, an 'I am done making changes' button calls it (the configurators send the order with it). */
  onDone?(): void;
  /** Label of the visible close button; the configurators say 'Return to ordering'. */
  closeLabel?: string;
  /** Spec 1 §9: 15 s between looks while the drawings are not ready. */
  pollIntervalMs?: number;
  /** On the unprocessed page a 404 means there are none: the overlay stops waiting instead of polling. */
  isUnprocessedPage?: boolean;
}

/** The drawing overlay of spec 1 §2 and spec 2 §2.6/§4.3: thumbnails, a paged viewer, furniture on plan pages. */
export function DrawingOverlay({
  fileName,
  onClose,
  onDone,
  closeLabel = 'Close',
  pollIntervalMs = 15_000,
  isUnprocessedPage = false,
}: DrawingOverlayProps) {
  const drawings = useDrawingImages(fileName, { pollIntervalMs, isNotFoundFinal: isUnprocessedPage });
  const furniture = useFurniturePages(fileName);
  const [pageIndex, setPageIndex] = useState<number | null>(null);

  return (
    <Dialog open fullScreen onClose={onClose} aria-labelledby="drawing-overlay-title">
      <DialogTitle id="drawing-overlay-title" sx={{ pr: 8 }}>
        Drawings for {fileName}
      </DialogTitle>
      <IconButton aria-label="Close drawings" onClick={onClose} sx={{ position: 'absolute', right: 16, top: 12 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        {drawings.status === 'loading' && <WaitingForDrawings />}
        {drawings.status === 'failed' && <Typography role="alert">{drawings.message}</Typography>}
        {drawings.status === 'stopped' && (
          <Typography role="status">There are no drawings for this order yet. Please check again later.</Typography>
        )}
        {drawings.status === 'ready' &&
          (pageIndex === null ? (
            <ThumbnailGrid images={drawings.images} orderFileName={fileName} onOpen={setPageIndex} />
          ) : (
            <PageViewer
              images={drawings.images}
              orderFileName={fileName}
              pageIndex={Math.min(pageIndex, drawings.images.length - 1)}
              onPage={setPageIndex}
              onBack={() => setPageIndex(null)}
              furniture={furniture}
            />
          ))}
      </DialogContent>
      <DialogActions>
        {onDone && (
          <Button variant="contained" onClick={onDone}>
            I am done making changes
          </Button>
        )}
        <Button onClick={onClose}>{closeLabel}</Button>
      </DialogActions>
    </Dialog>
  );
}

function WaitingForDrawings() {
  return (
    <Stack role="status" aria-live="polite" spacing={2} sx={{ alignItems: 'center', py: 8, textAlign: 'center' }}>
      <CircularProgress aria-hidden="true" />
      <Typography variant="h2">Creating your drawings</Typography>
      <Typography color="text.secondary">Getting your drawings. Thank you for your patience.</Typography>
    </Stack>
  );
}

function ThumbnailGrid({
  images,
  orderFileName,
  onOpen,
}: {
  images: DrawingImage[];
  orderFileName: string;
  onOpen(index: number): void;
}) {
  return (
    <Box
      component="ul"
      aria-label="Drawing pages"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
      }}
    >
      {images.map((image, index) => (
        <li key={image.fileName}>
          <Button
            onClick={() => onOpen(index)}
            variant="outlined"
            aria-label={`Open page ${index + 1}: ${pageTitle(image, orderFileName)}`}
            sx={{ flexDirection: 'column', width: '100%', p: 1, gap: 1, bgcolor: 'background.paper' }}
          >
            <Box
              component="img"
              src={toImageSource(image)}
              alt=""
              sx={{ width: '100%', height: 160, objectFit: 'contain' }}
            />
            <Typography variant="body2" component="span">
              Page {index + 1}: {pageTitle(image, orderFileName)}
            </Typography>
          </Button>
        </li>
      ))}
    </Box>
  );
}

interface PageViewerProps {
  images: DrawingImage[];
  orderFileName: string;
  pageIndex: number;
  onPage(index: number): void;
  onBack(): void;
  furniture: FurniturePagesState;
}

function PageViewer({ images, orderFileName, pageIndex, onPage, onBack, furniture }: PageViewerProps) {
  const image = images[pageIndex];
  const isPlan = isPlanPage(image.fileName);
  const alt = `Page ${pageIndex + 1}: ${pageTitle(image, orderFileName)}`;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button startIcon={<GridViewIcon />} onClick={onBack}>
          All pages
        </Button>
        <Button startIcon={<NavigateBeforeIcon />} disabled={pageIndex === 0} onClick={() => onPage(pageIndex - 1)}>
          Previous
        </Button>
        <Typography aria-live="polite" data-testid="drawing-page-number">
          Page {pageIndex + 1} of {images.length}
        </Typography>
        <Button
          endIcon={<NavigateNextIcon />}
          disabled={pageIndex === images.length - 1}
          onClick={() => onPage(pageIndex + 1)}
        >
          Next
        </Button>
        <Typography variant="h2" component="h3" sx={{ fontSize: '1.1rem', ml: 2 }}>
          {pageTitle(image, orderFileName)}
        </Typography>
      </Stack>
      {isPlan && furniture.isLoaded ? (
        <FurnitureEditor
          key={image.fileName}
          imageSrc={toImageSource(image)}
          imageAlt={alt}
          placements={furniture.pages[image.fileName] ?? []}
          onChange={(items) => furniture.setPage(image.fileName, items)}
        />
      ) : (
        <Box
          component="img"
          src={toImageSource(image)}
          alt={alt}
          sx={{
            maxWidth: '100%',
            maxHeight: '72vh',
            objectFit: 'contain',
            alignSelf: 'flex-start',
            border: 1,
            borderColor: 'divider',
          }}
        />
      )}
    </Stack>
  );
}
