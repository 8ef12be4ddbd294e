import { Box, Button, Dialog, DialogContent, DialogTitle, IconButton, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import type { FormStore } from '../../../forms';
import { configuratorModalPaperSx } from '../../../forms/configurator';
import { readRoomFields } from '../room-fields';
import type { AngledLayouts } from '../walls/wall-slots';
import { AngledLayoutPicture, StructureLayoutPicture } from './layout-pictures';
import { listStructureLayouts } from './structure-layouts';

const pickerGridSx = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  '@media (min-width: 1700px)': { gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' },
} as const;

interface LayoutModalProps {
  store: FormStore;
  isOpen: boolean;
  onClose(): void;
}

function ChoiceButton({
  isChosen,
  label,
  note,
  onClick,
  children,
}: {
  isChosen: boolean;
  label: string;
  note?: string | null;
  onClick(): void;
  children: React.ReactNode;
}) {
  return (
    <Button
      variant={isChosen ? 'contained' : 'outlined'}
      onClick={onClick}
      aria-pressed={isChosen}
      sx={{ flexDirection: 'column', gap: 1, py: 2, bgcolor: isChosen ? undefined : 'background.paper' }}
    >
      {children}
      <Typography component="span" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      {note ? (
        <Typography component="span" sx={{ color: isChosen ? 'inherit' : 'error.main', fontWeight: 700 }}>
          {note}
        </Typography>
      ) : null}
    </Button>
  );
}

/** The Structure Layout modal: three pictures; choosing one sets the structure layout field (ui:field structureLayout) and closes. */
export function StructureLayoutModal({ store, isOpen, onClose }: LayoutModalProps) {
  const { layout: layoutField } = readRoomFields(store.definition);
  const chosen = store.getState().data[layoutField];
  const structureLayouts = listStructureLayouts(store.definition);
  return (
    <Dialog
      open={isOpen}
      onClose={onClose}
      aria-labelledby="structure-layout-title"
      slotProps={{ paper: { sx: configuratorModalPaperSx } }}
    >
      <DialogTitle id="structure-layout-title">Structure Layout</DialogTitle>
      <IconButton
        aria-label="Close structure layout"
        onClick={onClose}
        sx={{ position: 'absolute', right: 12, top: 12 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        <Box sx={pickerGridSx}>
          {structureLayouts.map((layout) => (
            <ChoiceButton
              key={layout.value}
              isChosen={chosen === layout.value}
              label={layout.label}
              note={layout.note}
              onClick={() => {
                store.set(layoutField, layout.value);
                onClose();
              }}
            >
              <StructureLayoutPicture layout={layout.value} />
            </ChoiceButton>
          ))}
        </Box>
      </DialogContent>
    </Dialog>
  );
}

/** The Angled Layout modal: the ten layouts of the definition's angled-layouts data. */
export function AngledLayoutModal({
  store,
  isOpen,
  onClose,
  angledLayouts,
}: LayoutModalProps & { angledLayouts: AngledLayouts | undefined }) {
  const { angle: angleField } = readRoomFields(store.definition);
  const chosen = store.getState().data[angleField];
  const layouts = Object.entries(angledLayouts?.layouts ?? {});
  return (
    <Dialog
      open={isOpen}
      onClose={onClose}
      aria-labelledby="angled-layout-title"
      slotProps={{ paper: { sx: configuratorModalPaperSx } }}
    >
      <DialogTitle id="angled-layout-title">Angled Layout</DialogTitle>
      <IconButton aria-label="Close angled layout" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        <Box sx={pickerGridSx}>
          {layouts.map(([value, layout]) => (
            <ChoiceButton
              key={value}
              isChosen={chosen === value}
              label={layout.label}
              onClick={() => {
                store.set(angleField, value);
                onClose();
              }}
            >
              <AngledLayoutPicture walls={layout.walls} />
            </ChoiceButton>
          ))}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
