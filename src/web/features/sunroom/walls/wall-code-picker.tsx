import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { getIn } from '../../../../engine';
import { useFormSelector, type FormStore } from '../../../forms';
import { wallImageFolderOf, wallImageUrl } from './wall-images';
import { readRoomFields, wallPath } from '../room-fields';
import type { WallSlot } from './wall-slots';
import { fillWords, readWallWords } from './wall-words';

interface WallCodePickerProps {
  store: FormStore;
  slot: WallSlot;
  imageFolders: Record<string, string> | undefined;
  onClose(): void;
}

/**
 * The wall-code picker of one wall (spec 2 §2.3, §4.1): the candidate codes the engine offers for the wall's
 * length, door and style, read once when the picker opens, as radio choices with their pictures.
 */
export function WallCodePicker({ store, slot, imageFolders, onClose }: WallCodePickerProps) {
  const codePath = wallPath(slot.group, 'code', slot.index);
  // The candidate list is computed once per opening (spec 2 §4.1).
  const [candidates] = useState(() => store.getState().options[codePath] ?? []);
  const chosen = useFormSelector(store, (view) => getIn(view.state.data, codePath));
  const door = useFormSelector(
    store,
    (view) => ({
      option: getIn(view.state.data, wallPath(slot.group, 'door', slot.index)),
      width: getIn(view.state.data, wallPath(slot.group, 'doorSize', slot.index)),
    }),
    (a, b) => a.option === b.option && a.width === b.width,
  );
  const words = readWallWords(store.definition, readRoomFields(store.definition)).picker;
  // Spec 2 §8: a swing door (3' or 3.5') is best at the existing home; a wall without a door best all glass.
  const note =
    door.option === 'Yes' && (door.width === "3' Door" || door.width === "3.5' Door")
      ? words.doorNote
      : door.option === 'Yes'
        ? null
        : words.noDoorNote;
  const titleId = `wall-code-title-${slot.suffix}-${slot.index}`;

  const choose = (index: number) => {
    const option = candidates[index];
    if (!option) return;
    store.set(codePath, option.value);
    store.set(wallPath(slot.group, 'buttonIndex', slot.index), index);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="lg">
      <DialogTitle id={titleId}>{fillWords(words.title, { wall: slot.name })}</DialogTitle>
      <DialogContent dividers>
        {note ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {note}
          </Alert>
        ) : null}
        {candidates.length === 0 ? (
          <Typography role="status">{words.noDrawings}</Typography>
        ) : (
          <RadioGroup
            aria-labelledby={titleId}
            value={String(candidates.findIndex((option) => option.value === chosen))}
            onChange={(_event, index) => choose(Number(index))}
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}
          >
            {candidates.map((option, index) => {
              const code = String(option.value);
              return (
                <Box
                  key={code}
                  sx={{
                    border: 1,
                    borderColor: chosen === option.value ? 'primary.main' : 'divider',
                    borderRadius: 1,
                    p: 1,
                  }}
                >
                  <FormControlLabel value={String(index)} data-value={code} control={<Radio />} label={option.label} />
                  <Box
                    component="img"
                    src={wallImageUrl(wallImageFolderOf(code, imageFolders), code)}
                    alt={fillWords(words.drawing, { code })}
                    sx={{ display: 'block', maxWidth: '100%' }}
                  />
                </Box>
              );
            })}
          </RadioGroup>
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
