import { memo } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useFormSelector, type FormStore } from '../../../forms';
import { configuratorModalPaperSx } from '../../../forms/configurator';
import { readRoomFields, type RoomFields } from '../room-fields';
import { StoreSelectField, StoreTextField, StoreToggleField } from '../store-fields';
import type { DelayedLengthEdits } from './delayed-length-edits';
import { WallEditor } from './wall-editor';
import type { WallSlot } from './wall-slots';
import { readWallWords } from './wall-words';

interface WallChoicesDialogProps {
  store: FormStore;
  slots: readonly WallSlot[];
  lengthEdits: DelayedLengthEdits;
  imageFolders: Record<string, string> | undefined;
  isOpen: boolean;
  onClose(): void;
}

/** The Wall Choices modal: the Existing Roof set-up and one editor per wall (spec 2 §2.2); in the sunroom dialogs' chunk. */
export function WallChoicesDialog({
  store,
  slots,
  lengthEdits,
  imageFolders,
  isOpen,
  onClose,
}: WallChoicesDialogProps) {
  const fields = readRoomFields(store.definition);
  const words = readWallWords(store.definition, fields);
  const isExistingRoof = useFormSelector(store, (view) => view.state.data[fields.roofStyle] === 'Existing Roof');
  const editorOf = (slot: WallSlot) => (
    <WallEditor
      key={`${slot.suffix}${slot.index}`}
      store={store}
      slot={slot}
      lengthEdits={lengthEdits}
      imageFolders={imageFolders}
    />
  );
  return (
    <Dialog
      open={isOpen}
      onClose={onClose}
      aria-labelledby="wall-choices-title"
      slotProps={{ paper: { sx: configuratorModalPaperSx } }}
    >
      <DialogTitle id="wall-choices-title" sx={{ pr: 7 }}>
        {words.modalTitle}
      </DialogTitle>
      <IconButton aria-label={words.closeButton} onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        <WallSetup store={store} fields={fields} />
        {isExistingRoof ? (
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
              mt: 2,
            }}
          >
            {(['left', 'front', 'right'] as const).map((side) => (
              <Stack key={side} spacing={1.5}>
                {fields.groups
                  .filter((group) => group.side === side && group.cavitiesField)
                  .map((group) => (
                    <StoreSelectField key={group.cavitiesField} store={store} path={group.cavitiesField!} width={200} />
                  ))}
                {slots.filter((slot) => slot.side === side).map(editorOf)}
              </Stack>
            ))}
          </Box>
        ) : (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mt: 2 }}>
            {slots.map(editorOf)}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {words.doneButton}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const yesNo = ['Yes', 'No'];
const leftRight = ['LEFT', 'RIGHT'];

/** Existing Roof layout extras above the editors: breeze way, rail side and rail amount. */
const WallSetup = memo(function WallSetup({ store, fields }: { store: FormStore; fields: RoomFields }) {
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
      <StoreToggleField store={store} path={fields.breezeWay} fallbackChoices={yesNo} />
      <StoreToggleField store={store} path={fields.railSide} fallbackChoices={leftRight} />
      {/* Labelled by their schema titles (Rail Amount Feet, Rail Amount Inches), wide enough to show them whole. */}
      <StoreTextField store={store} path={`${fields.railAmount}.feet`} inputMode="numeric" width={170} />
      <StoreTextField store={store} path={`${fields.railAmount}.inches`} width={170} />
    </Stack>
  );
});
