import { memo, useEffect, useMemo, useState } from 'react';
import { Button, Typography } from '@mui/material';
import { isPathHidden, useFormSelector, type FormStore } from '../../../forms';
import type { DelayedLengthEdits } from './delayed-length-edits';
import { isWallChoicesPath, readRoomFields, type RoomFields } from '../room-fields';
import { sunroomDialogs } from '../sunroom-dialogs';
import { listWallSlots, type AngledLayouts } from './wall-slots';
import { readWallWords } from './wall-words';

const WallChoicesDialog = sunroomDialogs.WallChoicesDialog.Component;

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
      <WallChoicesDialog
        store={store}
        slots={slots}
        lengthEdits={lengthEdits}
        imageFolders={imageFolders}
        isOpen={isOpen}
        onClose={() => setIsOpen(false)}
      />
    </>
  );
});
