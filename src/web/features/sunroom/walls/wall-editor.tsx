import { memo, useCallback, useState } from 'react';
import { Box, Button, FormLabel, Paper, Stack, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { alpha, darken, type Theme } from '@mui/material/styles';
import { getIn } from '../../../../engine';
import { isPathHidden, useFormSelector, type FormStore } from '../../../forms';
import { StoreSelectField, StoreTextField, StoreToggleField } from '../store-fields';
import type { DelayedLengthEdits } from './delayed-length-edits';
import { WallCodePicker } from './wall-code-picker';
import { chosenWallImageUrl } from './wall-images';
import { readRoomFields, wallPath, type WallRole } from '../room-fields';
import type { WallSlot } from './wall-slots';
import { fillWords, readWallWords, type WallWords } from './wall-words';

interface WallEditorProps {
  store: FormStore;
  slot: WallSlot;
  lengthEdits: DelayedLengthEdits;
  imageFolders: Record<string, string> | undefined;
}

// Style objects made once, not per render: typing a length re-renders its wall.
const wallSx = { p: 1.5, minWidth: 0, flex: '1 1 260px' } as const;
const headingSx = { fontSize: '1.05rem', mb: 1 } as const;
const lengthLabelSx = { fontSize: '0.85rem', display: 'block', px: 0.5 } as const;
const summarySx = { '& td, & th': { px: 0.5, fontSize: '0.75rem' }, '& td': { overflowWrap: 'anywhere' } } as const;
const partTitleSx = { fontWeight: 600, width: '35%' } as const;
const chosenImageSx = { maxWidth: '100%', alignSelf: 'center' } as const;
const captionSx = { textAlign: 'center' } as const;
// The same arrays every render: a new one would re-render the memoised toggle on every key.
const yesNo = ['Yes', 'No'];
const yesNoUpper = ['YES', 'NO'];
const missingCellSx = (theme: Theme) => ({
  bgcolor: alpha(theme.palette.error.main, 0.12),
  color: darken(theme.palette.error.main, 0.5),
  fontWeight: 600,
});

/** One wall of the Wall Choices modal (spec 2 §2.3): length, door, width, location, orientation, hardware, code. */
export const WallEditor = memo(function WallEditor({ store, slot, lengthEdits, imageFolders }: WallEditorProps) {
  const path = (role: WallRole) => wallPath(slot.group, role, slot.index);
  // Why the door is held at No (a short wall, a cathedral or 3-wall layout's front wall): the definition's words.
  const doorNote = useFormSelector(
    store,
    (view) => noteOf(view.state.computed, slot.group.doorNote, slot.index),
    Object.is,
    `computed:${slot.group.doorNote}`,
  );
  const hingesNote = useFormSelector(
    store,
    (view) => noteOf(view.state.computed, slot.group.hingesNote, slot.index),
    Object.is,
    `computed:${slot.group.hingesNote}`,
  );
  const isCodeShown = useFormSelector(
    store,
    (view) => !isPathHidden(view.state, path('code')),
    Object.is,
    path('code'),
  );
  const [isPicking, setIsPicking] = useState(false);
  const words = readWallWords(store.definition, readRoomFields(store.definition));
  const { labels } = words;
  const headingId = `wall-${slot.suffix || 'room'}-${slot.index}`;
  const lengthLabelId = `${headingId}-length`;

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={wallSx}
      data-wall={`${slot.suffix}${slot.index}`}
    >
      <Typography variant="h3" id={headingId} sx={headingSx}>
        {slot.name}
      </Typography>
      <Stack spacing={1}>
        {/* The length is one question in two boxes: its label sits above them, so no box cuts it. */}
        <Box role="group" aria-labelledby={lengthLabelId}>
          <FormLabel id={lengthLabelId} sx={lengthLabelSx}>
            {labels.wallLength}
          </FormLabel>
          <Stack direction="row" spacing={1}>
            <WallFeetField store={store} path={path('wallFeet')} label={labels.wallFeet} lengthEdits={lengthEdits} />
            <StoreTextField store={store} path={path('wallInches')} label={labels.wallInches} width={110} />
          </Stack>
        </Box>
        <StoreToggleField
          store={store}
          path={path('door')}
          label={labels.door}
          fallbackChoices={yesNo}
          note={doorNote}
        />
        <StoreSelectField store={store} path={path('doorSize')} label={labels.doorSize} width="100%" />
        <StoreSelectField store={store} path={path('doorLocation')} label={labels.doorLocation} width="100%" />
        <StoreSelectField store={store} path={path('swingOrientation')} label={labels.swingOrientation} width="100%" />
        <StoreSelectField store={store} path={path('patioOrientation')} label={labels.patioOrientation} width="100%" />
        <StoreSelectField store={store} path={path('hardware')} label={labels.hardware} width="100%" />
        <StoreToggleField
          store={store}
          path={path('hinges')}
          label={labels.hinges}
          fallbackChoices={yesNoUpper}
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
              {words.viewDrawings}
            </Button>
          </Box>
        ) : null}
        <ChosenWallImage store={store} slot={slot} words={words} imageFolders={imageFolders} />
        {/* Spec 2 §2.3 captions the room's walls under their image; an Existing Roof wall's heading already names it. */}
        {slot.group.side === null ? (
          <Typography variant="caption" sx={captionSx}>
            {slot.name}
          </Typography>
        ) : null}
        <WallSummaryCard store={store} slot={slot} words={words} />
      </Stack>
      {isPicking ? (
        <WallCodePicker store={store} slot={slot} imageFolders={imageFolders} onClose={() => setIsPicking(false)} />
      ) : null}
    </Paper>
  );
});

/**
 * The wall's feet box: the held text while a length waits (delayed-length-edits.ts) is read here, so a key re-renders
 * this field alone, not its wall.
 */
const WallFeetField = memo(function WallFeetField({
  store,
  path,
  label,
  lengthEdits,
}: {
  store: FormStore;
  path: string;
  label: string;
  lengthEdits: DelayedLengthEdits;
}) {
  const onText = useCallback((text: string) => lengthEdits.edit(path, text), [lengthEdits, path]);
  return (
    <StoreTextField
      store={store}
      path={path}
      label={label}
      width={110}
      inputMode="numeric"
      held={lengthEdits}
      onText={onText}
    />
  );
});

/** The text a computed per-wall list holds for one wall (undefined when none). */
function noteOf(computed: Record<string, unknown>, name: string | null, index: number): string | undefined {
  const notes = name ? computed[name] : undefined;
  const note = Array.isArray(notes) ? (notes as unknown[])[index] : undefined;
  return typeof note === 'string' && note !== '' ? note : undefined;
}

interface ChosenWallImageProps {
  store: FormStore;
  slot: WallSlot;
  words: WallWords;
  imageFolders: Record<string, string> | undefined;
}

const ChosenWallImage = memo(function ChosenWallImage({ store, slot, words, imageFolders }: ChosenWallImageProps) {
  const imagePath = wallPath(slot.group, 'image', slot.index);
  const codePath = wallPath(slot.group, 'code', slot.index);
  const image = useFormSelector(store, (view) => getIn(view.state.data, imagePath), Object.is, imagePath);
  const code = useFormSelector(store, (view) => getIn(view.state.data, codePath), Object.is, codePath);
  const url = chosenWallImageUrl(image, code, imageFolders);
  if (!url || typeof code !== 'string') return null;
  return (
    <Box
      component="img"
      src={url}
      alt={fillWords(words.chosenDrawing, { code })}
      data-stored={typeof image === 'string' ? image : undefined}
      sx={chosenImageSx}
    />
  );
});

/** The wall's summary card: one row per part the definition names, red while the engine lists one of its fields as missing. */
const WallSummaryCard = memo(function WallSummaryCard({
  store,
  slot,
  words,
}: {
  store: FormStore;
  slot: WallSlot;
  words: WallWords;
}) {
  const { parts, missing: missingText, empty } = words.summary;
  // Rendered with the keystroke (one render per key): a deferred value cost a second render in a scheduler task.
  const cells = useFormSelector(store, (view) => {
    const missing = new Set(view.state.missing.map((field) => field.path));
    return parts
      .map((part) => {
        const paths = part.fields.map((role) => wallPath(slot.group, role, slot.index));
        const values = paths
          .map((p) => getIn(view.state.data, p))
          .filter((v) => v !== null && v !== undefined && v !== '');
        // A length reads as feet and inches in one ("12' 6\"").
        const isLength = part.fields[0] === 'wallFeet' && part.fields[1] === 'wallInches';
        const text = isLength && values.length > 0 ? `${values[0] ?? 0}' ${values[1] ?? 0}"` : values.join(', ');
        return `${paths.some((p) => missing.has(p)) ? '!' : ' '}${text}`;
      })
      .join('\u0000');
  }).split('\u0000');
  // One row per part (title, then value): it reads at any width, where five columns would squeeze their titles.
  return (
    <Table size="small" aria-label={fillWords(words.summary.title, { wall: slot.name })} sx={summarySx}>
      <TableBody>
        {parts.map((part, index) => (
          <SummaryRow
            key={part.title}
            title={part.title}
            cell={cells[index] ?? ' '}
            missingText={missingText}
            emptyText={empty}
          />
        ))}
      </TableBody>
    </Table>
  );
});

/** One part of the summary; re-rendered only when its own text or missing mark changes. */
const SummaryRow = memo(function SummaryRow({
  title,
  cell,
  missingText,
  emptyText,
}: {
  title: string;
  /** '!' (missing) or ' ', then the value's text. */
  cell: string;
  missingText: string;
  emptyText: string;
}) {
  const isMissing = cell.startsWith('!');
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={partTitleSx}>
        {title}
      </TableCell>
      <TableCell data-missing={isMissing ? 'true' : undefined} sx={isMissing ? missingCellSx : undefined}>
        {cell.slice(1) || (isMissing ? missingText : emptyText)}
      </TableCell>
    </TableRow>
  );
});
