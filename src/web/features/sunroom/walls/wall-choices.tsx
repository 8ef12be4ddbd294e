import { memo, useEffect, useMemo, useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { isPathHidden, useFormSelector, type FormStore } from '../../../forms';
import { configuratorModalPaperSx } from '../../../forms/configurator';
import { StoreSelectField, StoreTextField, StoreToggleField } from '../store-fields';
import type { DelayedLengthEdits } from './delayed-length-edits';
import { WallEditor } from './wall-editor';
import { isWallChoicesPath, readRoomFields, type RoomFields } from '../room-fields';
import { listWallSlots, type AngledLayouts } from './wall-slots';
import { readWallWords } from './wall-words';

interface WallChoicesProps {
  store: FormStore;
  lengthEdits: DelayedLengthEdits;
  imageFolders: Record<string, string> | undefined;
  angledLayouts: AngledLayouts | undefined;
}

/** Whether any field of the Wall Choices modal is missing or wrong now (the button is red then, green otherwise). */
export function hasWallProblems(
  fields: RoomFields,
  missing: readonly { path: string }[],
  errors: Record<string, string>,
): boolean {
  return (
    missing.some((field) => isWallChoicesPath(fields, field.path)) ||
    Object.keys(errors).some((path) => isWallChoicesPath(fields, path))
  );
}

/** The Wall Choices button (red while incomplete, green when complete) and its modal of wall editors. */
export const WallChoices = memo(function WallChoices({
  store,
  lengthEdits,
  imageFolders,
  angledLayouts,
}: WallChoicesProps) {
  const [isOpen, setIsOpen] = useState(false);
  const fields = readRoomFields(store.definition);
  const words = readWallWords(store.definition, fields);
  // Spec 2 §2.2: choosing an angled layout goes on to its Wall Choices.
  useEffect(
    () => store.onDataChange((_state, cause, path) => cause === 'edit' && path === fields.angle && setIsOpen(true)),
    [store, fields],
  );
  const slotKey = useFormSelector(store, (view) =>
    listWallSlots(view.state, fields, angledLayouts)
      .map((slot) => `${slot.suffix}:${slot.index}:${slot.name}`)
      .join('|'),
  );
  const isIncomplete = useFormSelector(store, (view) => hasWallProblems(fields, view.state.missing, view.state.errors));
  const slots = useMemo(
    () => listWallSlots(store.getState(), fields, angledLayouts),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the editors change only when the walls' key does
    [store, fields, angledLayouts, slotKey],
  );
  const isExistingRoof = useFormSelector(store, (view) => view.state.data[fields.roofStyle] === 'Existing Roof');
  const setupFields = [
    fields.breezeWay,
    fields.railSide,
    ...fields.groups.map((group) => group.cavitiesField).filter((field): field is string => field !== null),
  ];
  const hasSetup = useFormSelector(store, (view) => setupFields.some((path) => !isPathHidden(view.state, path)));
  const isAvailable = slots.length > 0 || hasSetup;

  return (
    <>
      <Button
        variant="contained"
        color={isIncomplete ? 'error' : 'success'}
        onClick={() => setIsOpen(true)}
        disabled={!isAvailable}
        aria-haspopup="dialog"
        data-complete={isIncomplete ? 'false' : 'true'}
        sx={{ minWidth: 220 }}
      >
        {words.modalTitle}
      </Button>
      {isAvailable ? null : (
        <Typography variant="body2" color="text.secondary">
          {words.needsLayout}
        </Typography>
      )}
      <Dialog
        open={isOpen}
        onClose={() => setIsOpen(false)}
        aria-labelledby="wall-choices-title"
        slotProps={{ paper: { sx: configuratorModalPaperSx } }}
      >
        <DialogTitle id="wall-choices-title" sx={{ pr: 7 }}>
          {words.modalTitle}
        </DialogTitle>
        <IconButton
          aria-label={words.closeButton}
          onClick={() => setIsOpen(false)}
          sx={{ position: 'absolute', right: 12, top: 12 }}
        >
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
                      <StoreSelectField
                        key={group.cavitiesField}
                        store={store}
                        path={group.cavitiesField!}
                        width={200}
                      />
                    ))}
                  {slots
                    .filter((slot) => slot.side === side)
                    .map((slot) => (
                      <WallEditor
                        key={`${slot.suffix}${slot.index}`}
                        store={store}
                        slot={slot}
                        lengthEdits={lengthEdits}
                        imageFolders={imageFolders}
                      />
                    ))}
                </Stack>
              ))}
            </Box>
          ) : (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mt: 2 }}>
              {slots.map((slot) => (
                <WallEditor
                  key={`${slot.suffix}${slot.index}`}
                  store={store}
                  slot={slot}
                  lengthEdits={lengthEdits}
                  imageFolders={imageFolders}
                />
              ))}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setIsOpen(false)}>
            {words.doneButton}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
});

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
