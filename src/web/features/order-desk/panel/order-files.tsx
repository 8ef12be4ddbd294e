import { Button, Stack, Typography } from '@mui/material';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import ImageIcon from '@mui/icons-material/Image';
import DescriptionIcon from '@mui/icons-material/Description';
import { openFileInNewWindow } from '../../../shared/pdf/open-file-in-new-window';
import { getOrderFile, type StaffOrderDetails } from '../api/order-desk-api';

const kindIcons = { pdf: PictureAsPdfIcon, drawing: ImageIcon, text: DescriptionIcon } as const;
const kindWords = { pdf: 'PDF', drawing: 'drawing', text: 'text file' } as const;

/** The order's PDFs, drawings and text file, each opened in a new window (the staff URL needs the token). */
export function OrderFiles({ files }: { files: StaffOrderDetails['files'] }) {
  if (files.length === 0) return <Typography color="text.secondary">No files for this order yet.</Typography>;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="order-files">
      {files.map((file) => {
        const Icon = kindIcons[file.kind];
        return (
          <Button
            key={file.url}
            variant="outlined"
            size="small"
            startIcon={<Icon aria-hidden />}
            aria-label={`Open ${kindWords[file.kind]} ${file.name}`}
            onClick={() => void openFileInNewWindow(() => getOrderFile(file.url), file.name)}
            sx={{ textTransform: 'none' }}
          >
            {file.name}
          </Button>
        );
      })}
    </Stack>
  );
}
