import { useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { describedBy } from './described-by';

/**
 * Choices shown as large cards (ui:widget "imageChoice"). With ui:options.popup the cards open in a popup from a
 * button that shows the current choice (spec 2 §2.2 roof panel colour, door orientation and hardware popups).
 */
export function ImageChoiceWidget(props: WidgetProps) {
  const { id, label, value, disabled, readonly, required, options, onChange } = props;
  const [isOpen, setIsOpen] = useState(false);
  const choices = options.enumOptions ?? [];
  const popup = typeof options.popup === 'string' ? options.popup : undefined;
  const isLocked = Boolean(disabled || readonly);
  const current = choices.find((choice) => String(choice.value) === String(value));
  const labelId = `${id}-label`;
  const cards = (
    <RadioGroup
      id={popup ? `${id}-choices` : id}
      name={id}
      aria-labelledby={labelId}
      aria-describedby={describedBy(id)}
      value={current ? String(current.value) : ''}
      onChange={(_event, next) => {
        const chosen = choices.find((choice) => String(choice.value) === next);
        onChange(chosen?.value);
        setIsOpen(false);
      }}
      sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}
    >
      {choices.map((choice) => {
        const isChosen = current?.value === choice.value;
        return (
          <FormControlLabel
            key={String(choice.value)}
            value={String(choice.value)}
            data-value={String(choice.value)}
            disabled={isLocked}
            control={<Radio size="small" />}
            label={choice.label}
            sx={{
              m: 0,
              px: 1,
              py: 1.5,
              border: 1,
              borderRadius: 1,
              borderColor: isChosen ? 'primary.main' : 'divider',
              bgcolor: isChosen ? 'action.selected' : 'background.paper',
            }}
          />
        );
      })}
    </RadioGroup>
  );
  if (!popup) {
    return (
      <Stack spacing={0.5}>
        <FormLabel id={labelId} required={required}>
          {label}
        </FormLabel>
        {cards}
      </Stack>
    );
  }
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <FormLabel id={`${id}-button-label`} required={required}>
        {label}
      </FormLabel>
      <Button
        id={id}
        variant="outlined"
        disabled={isLocked}
        onClick={() => setIsOpen(true)}
        aria-haspopup="dialog"
        aria-labelledby={`${id}-button-label ${id}`}
        aria-describedby={describedBy(id)}
      >
        {current ? current.label : `Choose ${popup}`}
      </Button>
      <Dialog open={isOpen} onClose={() => setIsOpen(false)} aria-labelledby={labelId} maxWidth="sm" fullWidth>
        <DialogTitle id={labelId}>{popup}</DialogTitle>
        <DialogContent dividers>
          {choices.length === 0 ? <Typography>Nothing to choose yet.</Typography> : <Box>{cards}</Box>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setIsOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
