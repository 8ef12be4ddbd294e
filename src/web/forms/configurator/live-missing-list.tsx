import { memo } from 'react';
import { Box, Typography } from '@mui/material';
import type { FormStore } from '../form-store';
import { useFormSelector } from '../use-form-selector';

/** The live missing-fields list above a configurator's submit button (spec 3 §4 step 1; two columns past five). */
export const LiveMissingList = memo(function LiveMissingList({ store }: { store: FormStore }) {
  // Rendered with the keystroke that changed it (one render per key), only when the list itself changed.
  const labels = useFormSelector(store, (view) =>
    view.state.missing.map((field) => `${field.path}\u0001${field.label}`).join('\u0000'),
  );
  const lines = labels ? labels.split('\u0000').map((line) => line.split('\u0001')) : [];
  return (
    <Box component="section" aria-labelledby="missing-heading">
      <Typography variant="h3" id="missing-heading" sx={{ fontSize: '1.1rem' }}>
        {lines.length > 0 ? `Missing fields (${lines.length})` : 'Nothing is missing'}
      </Typography>
      <Box
        component="ul"
        data-testid="missing-list"
        sx={{ m: 0, pl: 3, color: 'error.main', columns: lines.length > 5 ? { xs: 1, sm: 2, md: 3 } : 1, columnGap: 4 }}
      >
        {lines.map(([path, label]) => (
          <li key={path} data-path={path}>
            {label}
          </li>
        ))}
      </Box>
    </Box>
  );
});
