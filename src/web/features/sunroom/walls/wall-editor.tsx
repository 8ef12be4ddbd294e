import { memo, useDeferredValue, useState, useSyncExternalStore } from 'react';
import { Box, Button, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { alpha, darken } from '@mui/material/styles';
import { getIn } from '../../../../engine';
import { isPathHidden, useFormSelector, type FormStore } from '../../../forms';
import { StoreSelectField, StoreTextField, StoreToggleField } from '../store-fields';
import type { DelayedLengthEdits } from './delayed-length-edits';
import { WallCodePicker } from './wall-code-picker';
import { wallImageUrlOfStored } from './wall-images';
import { wallPath, type WallRole } from '../room-fields';
import type { WallSlot } from './wall-slots';

interface WallEditorProps {
  store: FormStore;
  slot: WallSlot;
  lengthEdits: DelayedLengthEdits;
  imageFolders: Record<string, string> | undefined;
}

/** One wall of the Wall Choices modal (spec 2 §2.3): length, door, width, location, orientation, hardware, code. */
export const WallEditor = memo(function WallEditor({ store, slot, lengthEdits, imageFolders }: WallEditorProps) {
  const path = (role: WallRole) => wallPath(slot.group, role, slot.index);
  const feetPath = path('wallFeet');
  const pendingFeet = useSyncExternalStore(lengthEdits.subscribe, () => lengthEdits.pendingText(feetPath));
  // Why the door is held at No (a short wall, a cathedral or 3-wall layout's front wall): the definition's words.
  const doorNote = useFormSelector(store, (view) => noteOf(view.state.computed, slot.group.doorNote, slot.index));
  const hingesNote = useFormSelector(store, (view) => noteOf(view.state.computed, slot.group.hingesNote, slot.index));
  const isCodeShown = useFormSelector(store, (view) => !isPathHidden(view.state, path('code')));
  const [isPicking, setIsPicking] = useState(false);
  const headingId = `wall-${slot.suffix || 'room'}-${slot.index}`;

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: 1.5, minWidth: 260, flex: '1 1 260px' }}
      data-wall={`${slot.suffix}${slot.index}`}
    >
      <Typography variant="h3" id={headingId} sx={{ fontSize: '1.05rem', mb: 1 }}>
        {slot.name}
      </Typography>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1}>
          <StoreTextField
            store={store}
            path={feetPath}
            label="Wall Length Feet"
            width={130}
            inputMode="numeric"
            pendingText={pendingFeet}
            onText={(text) => lengthEdits.edit(feetPath, text)}
          />
          <StoreTextField store={store} path={path('wallInches')} label="Inches" width={100} />
        </Stack>
        <StoreToggleField
          store={store}
          path={path('door')}
          label="Door"
          fallbackChoices={['Yes', 'No']}
          note={doorNote}
        />
        <StoreSelectField store={store} path={path('doorSize')} label="Door Width" />
        <StoreSelectField store={store} path={path('doorLocation')} label="Door Location" />
        <StoreSelectField store={store} path={path('swingOrientation')} label="Swing Door Orientation" />
        <StoreSelectField store={store} path={path('patioOrientation')} label="Patio Door Orientation" />
        <StoreSelectField store={store} path={path('hardware')} label="Door Hardware" />
        <StoreToggleField
          store={store}
          path={path('hinges')}
          label="Stainless Steel Hinges"
          fallbackChoices={['YES', 'NO']}
          note={hingesNote}
        />
        {isCodeShown ? (
          <Box>
            <Button
              variant="outlined"
              onClick={() => setIsPicking(true)}
              aria-haspopup="dialog"
              data-testid="view-drawings"
            >
              View Drawings
            </Button>
          </Box>
        ) : null}
        <ChosenWallImage store={store} slot={slot} />
        <Typography variant="caption" sx={{ textAlign: 'center' }}>
          {slot.name}
        </Typography>
        <WallSummaryCard store={store} slot={slot} />
      </Stack>
      {isPicking ? (
        <WallCodePicker store={store} slot={slot} imageFolders={imageFolders} onClose={() => setIsPicking(false)} />
      ) : null}
    </Paper>
  );
});

/** The text a computed per-wall list holds for one wall (undefined when none). */
function noteOf(computed: Record<string, unknown>, name: string | null, index: number): string | undefined {
  const notes = name ? computed[name] : undefined;
  const note = Array.isArray(notes) ? (notes as unknown[])[index] : undefined;
  return typeof note === 'string' && note !== '' ? note : undefined;
}

function ChosenWallImage({ store, slot }: { store: FormStore; slot: WallSlot }) {
  const image = useFormSelector(store, (view) => getIn(view.state.data, wallPath(slot.group, 'image', slot.index)));
  const code = useFormSelector(store, (view) => getIn(view.state.data, wallPath(slot.group, 'code', slot.index)));
  const url = wallImageUrlOfStored(image);
  if (!url || typeof code !== 'string') return null;
  return (
    <Box
      component="img"
      src={url}
      alt={`Chosen wall drawing ${code}`}
      data-stored={String(image)}
      sx={{ maxWidth: '100%', alignSelf: 'center' }}
    />
  );
}

const summaryColumns: { title: string; fields: WallRole[] }[] = [
  { title: 'Length', fields: ['wallFeet', 'wallInches'] },
  { title: 'Door', fields: ['door'] },
  { title: 'Width', fields: ['doorSize', 'doorLocation'] },
  { title: 'Orientation', fields: ['swingOrientation', 'patioOrientation', 'hardware', 'hinges'] },
  { title: 'Code', fields: ['code'] },
];

/** The wall's summary card: one cell per part, red while the engine lists one of its fields as missing. */
function WallSummaryCard({ store, slot }: { store: FormStore; slot: WallSlot }) {
  // The card may paint a frame after the keystroke: the input itself stays in one frame.
  const cells = useDeferredValue(
    useFormSelector(store, (view) => {
      const missing = new Set(view.state.missing.map((field) => field.path));
      return summaryColumns
        .map((column) => {
          const paths = column.fields.map((role) => wallPath(slot.group, role, slot.index));
          const values = paths
            .map((p) => getIn(view.state.data, p))
            .filter((v) => v !== null && v !== undefined && v !== '');
          const text =
            column.title === 'Length' && values.length > 0
              ? `${values[0] ?? 0}' ${values[1] ?? 0}"`
              : values.join(', ');
          return `${paths.some((p) => missing.has(p)) ? '!' : ' '}${text}`;
        })
        .join('\u0000');
    }),
  ).split('\u0000');
  return (
    <Table size="small" aria-label={`${slot.name} summary`} sx={{ '& td, & th': { px: 0.5, fontSize: '0.75rem' } }}>
      <TableHead>
        <TableRow>
          {summaryColumns.map((column) => (
            <TableCell key={column.title}>{column.title}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        <TableRow>
          {cells.map((cell, index) => {
            const isMissing = cell.startsWith('!');
            return (
              <TableCell
                key={summaryColumns[index].title}
                data-missing={isMissing ? 'true' : undefined}
                sx={
                  isMissing
                    ? (theme) => ({
                        bgcolor: alpha(theme.palette.error.main, 0.12),
                        color: darken(theme.palette.error.main, 0.5),
                        fontWeight: 600,
                      })
                    : undefined
                }
              >
                {cell.slice(1) || (isMissing ? 'Missing' : '—')}
              </TableCell>
            );
          })}
        </TableRow>
      </TableBody>
    </Table>
  );
}
