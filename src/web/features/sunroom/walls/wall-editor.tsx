import { memo, useCallback, useState } from 'react';
import { Box, Button, FormLabel, Paper, Stack, Table, TableBody, Typography } from '@mui/material';
import { alpha, darken, lighten, type SxProps, type Theme } from '@mui/material/styles';
import { getIn } from '../../../../engine';
import { isPathHidden, useFormSelector, type FormStore } from '../../../forms';
import { StoreSelectField, StoreTextField, StoreToggleField } from '../store-fields';
import type { DelayedLengthEdits } from './delayed-length-edits';
import { WallCodePicker } from './wall-code-picker';
import { chosenWallImageUrl } from './wall-images';
import { readRoomFields, wallPath, type WallRole } from '../room-fields';
import type { WallSlot } from './wall-slots';
import { fillWords, readWallWords, type WallSummaryPart, type WallWords } from './wall-words';

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
// The summary's rows are plain <tr>/<th>/<td> (see SummaryRow): they look as MUI's small body cells, from here.
const summarySx: SxProps<Theme> = (theme) => ({
  '& td, & th': {
    fontFamily: theme.typography.body2.fontFamily,
    fontWeight: theme.typography.body2.fontWeight,
    lineHeight: theme.typography.body2.lineHeight,
    letterSpacing: theme.typography.body2.letterSpacing,
    fontSize: '0.75rem',
    display: 'table-cell',
    verticalAlign: 'inherit',
    textAlign: 'left',
    padding: '6px 4px',
    color: theme.palette.text.primary,
    borderBottom: `1px solid ${
      theme.palette.mode === 'light'
        ? lighten(alpha(theme.palette.divider, 1), 0.88)
        : darken(alpha(theme.palette.divider, 1), 0.68)
    }`,
  },
  '& th': { fontWeight: 600, width: '35%' },
  '& td': { overflowWrap: 'anywhere' },
  '& td[data-missing]': {
    backgroundColor: alpha(theme.palette.error.main, 0.12),
    color: darken(theme.palette.error.main, 0.5),
    fontWeight: 600,
  },
});
const chosenImageSx = { maxWidth: '100%', alignSelf: 'center' } as const;
const captionSx = { textAlign: 'center' } as const;
// The same arrays every render: a new one would re-render the memoised toggle on every key.
const yesNo = ['Yes', 'No'];
const yesNoUpper = ['YES', 'NO'];

/** One wall of the Wall Choices modal (spec 2 §2.3): length, door, width, location, orientation, hardware, code. */
export const WallEditor = memo(function WallEditor({ store, slot, lengthEdits, imageFolders }: WallEditorProps) {
  const path = (role: WallRole) => wallPath(slot.group, role, slot.index);
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
        {/* Why the door is held at No (a short wall, a cathedral or 3-wall layout's front wall): the definition's words. */}
        <NotedToggleField
          store={store}
          path={path('door')}
          label={labels.door}
          fallbackChoices={yesNo}
          noteName={slot.group.doorNote}
          index={slot.index}
        />
        <StoreSelectField store={store} path={path('doorSize')} label={labels.doorSize} width="100%" />
        <StoreSelectField store={store} path={path('doorLocation')} label={labels.doorLocation} width="100%" />
        <StoreSelectField store={store} path={path('swingOrientation')} label={labels.swingOrientation} width="100%" />
        <StoreSelectField store={store} path={path('patioOrientation')} label={labels.patioOrientation} width="100%" />
        <StoreSelectField store={store} path={path('hardware')} label={labels.hardware} width="100%" />
        <NotedToggleField
          store={store}
          path={path('hinges')}
          label={labels.hinges}
          fallbackChoices={yesNoUpper}
          noteName={slot.group.hingesNote}
          index={slot.index}
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

/**
 * A wall's toggle with the note of a computed per-wall list under it, read here: a length crossing the door minimum
 * re-renders this toggle, not its wall.
 */
const NotedToggleField = memo(function NotedToggleField({
  store,
  path,
  label,
  fallbackChoices,
  noteName,
  index,
}: {
  store: FormStore;
  path: string;
  label: string;
  fallbackChoices: string[];
  noteName: string | null;
  index: number;
}) {
  const note = useFormSelector(
    store,
    (view) => noteOf(view.state.computed, noteName, index),
    Object.is,
    `computed:${noteName}`,
  );
  return <StoreToggleField store={store} path={path} label={label} fallbackChoices={fallbackChoices} note={note} />;
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

/**
 * The wall's summary card: one row per part the definition names, red while the engine lists one of its fields as
 * missing. The table is drawn once; each row follows its own part (typing a length re-renders that row only).
 */
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
  // One row per part (title, then value): it reads at any width, where five columns would squeeze their titles.
  return (
    <Table size="small" aria-label={fillWords(words.summary.title, { wall: slot.name })} sx={summarySx}>
      <TableBody>
        {parts.map((part) => (
          <SummaryRow
            key={part.title}
            store={store}
            slot={slot}
            part={part}
            missingText={missingText}
            emptyText={empty}
          />
        ))}
      </TableBody>
    </Table>
  );
});

/**
 * One part of the summary, re-rendered only when its own text or missing mark changes: plain table elements styled by
 * the table's classes, so the keystroke that changes it serialises no style.
 */
const SummaryRow = memo(function SummaryRow({
  store,
  slot,
  part,
  missingText,
  emptyText,
}: {
  store: FormStore;
  slot: WallSlot;
  part: WallSummaryPart;
  missingText: string;
  emptyText: string;
}) {
  // '!' (missing) or ' ', then the value's text: one string, so an unchanged part is the same snapshot.
  const cell = useFormSelector(store, (view) => {
    const paths = part.fields.map((role) => wallPath(slot.group, role, slot.index));
    const values = paths.map((p) => getIn(view.state.data, p)).filter((v) => v !== null && v !== undefined && v !== '');
    // A length reads as feet and inches in one ("12' 6\"").
    const isLength = part.fields[0] === 'wallFeet' && part.fields[1] === 'wallInches';
    const text = isLength && values.length > 0 ? `${values[0] ?? 0}' ${values[1] ?? 0}"` : values.join(', ');
    const isMissing = view.state.missing.some((field) => paths.includes(field.path));
    return `${isMissing ? '!' : ' '}${text}`;
  });
  const isMissing = cell.startsWith('!');
  return (
    <tr>
      <th scope="row">{part.title}</th>
      <td data-missing={isMissing ? 'true' : undefined}>{cell.slice(1) || (isMissing ? missingText : emptyText)}</td>
    </tr>
  );
});
