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
import { wallPath } from '../room-fields';
import type { WallSlot } from './wall-slots';

/** Spec 2 §8 door modal notes. */
export const recommendedDoorNote = 'RECOMMENDED IS DOOR AT EXISTING HOME';
export const recommendedGlassNote = 'RECOMMENDED IS ALL GLASS';

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
  const note =
    door.option === 'Yes' && (door.width === "3' Door" || door.width === "3.5' Door")
      ? recommendedDoorNote
      : door.option === 'Yes'
        ? null
        : recommendedGlassNote;
  const titleId = `wall-code-title-${slot.suffix}-${slot.index}`;

  const choose = (index: number) => {
    const option = candidates[index];
    if (!option) return;
    store.set(codePath, option.value);
    store.set(wallPath(slot.group, 'buttonIndex', slot.index), index);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="lg">
      <DialogTitle id={titleId}>Wall Code: {slot.name}</DialogTitle>
      <DialogContent dividers>
        {note ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {note}
          </Alert>
        ) : null}
        {candidates.length === 0 ? (
          <Typography role="status">No wall drawings fit this wall yet: check its length and door.</Typography>
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
                    alt={`Wall drawing ${code}`}
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
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
