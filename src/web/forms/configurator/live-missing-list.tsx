import { memo } from 'react';
import { Box } from '@mui/material';
import type { SxProps, Theme } from '@mui/material/styles';
import type { FormStore } from '../form-store';
import { useFormSelector } from '../use-form-selector';

// The frame is drawn once; a changed list re-renders the plain heading and list in it, styled from here as MUI's h3
// Typography (at 1.1rem) and the red list were: a keystroke that changes the list serialises no style.
const frameSx: SxProps<Theme> = (theme) => ({
  '& > h3': { ...theme.typography.h3, fontSize: '1.1rem', margin: 0 },
  '& > ul': { m: 0, pl: 3, color: 'error.main', columns: 1, columnGap: 4 },
  '& > ul[data-columns]': { columns: { xs: 1, sm: 2, md: 3 } },
});

/** The live missing-fields list above a configurator's submit button (spec 3 §4 step 1; two columns past five). */
export const LiveMissingList = memo(function LiveMissingList({ store }: { store: FormStore }) {
  return (
    <Box component="section" aria-labelledby="missing-heading" sx={frameSx}>
      <MissingLines store={store} />
    </Box>
  );
});

/** The heading and the list: rendered with the keystroke that changed them (one render per key), only then. */
const MissingLines = memo(function MissingLines({ store }: { store: FormStore }) {
  const labels = useFormSelector(store, (view) =>
    view.state.missing.map((field) => `${field.path}\u0001${field.label}`).join('\u0000'),
  );
  const lines = labels ? labels.split('\u0000').map((line) => line.split('\u0001')) : [];
  return (
    <>
      <h3 id="missing-heading">{lines.length > 0 ? `Missing fields (${lines.length})` : 'Nothing is missing'}</h3>
      <ul data-testid="missing-list" data-columns={lines.length > 5 ? 'true' : undefined}>
        {lines.map(([path, label]) => (
          <li key={path} data-path={path}>
            {label}
          </li>
        ))}
      </ul>
    </>
  );
});
