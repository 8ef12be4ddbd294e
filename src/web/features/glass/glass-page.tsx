import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  InputAdornment,
  InputLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useSnackbar } from 'notistack';
import type { CompiledDefinition, Rule } from '../../../engine';
import { formatCurrency, useFormSelector } from '../../forms';
import { LoadingText } from '../../shared/components/loading-text';
import { usePageTitle } from '../../shared/components/use-page-title';
import { CartProvider, GoToCartButton, readLines, useCart, type CartHandle, type GlassLine } from '../carts';
import {
  checkPiece,
  filterSideText,
  piecePath,
  shownSides,
  toGlassLine,
  type PieceInput,
  type SideField,
} from './glass-piece';
import { GlassShapePicture } from './glass-shape-picture';

/** Spec 3 §8. */
export const glassTypeChangeQuestion =
  'You already selected a glass type. All items must be the same type. Are you sure you want to change it?';
const addedToCart = 'Added to cart.';

const sideLabels: Record<SideField, string> = {
  leftSideInches: 'Left Side',
  bottomSideInches: 'Bottom',
  rightSideInches: 'Right Side',
};
const emptyPiece: PieceInput = {
  glassShape: 'Left High',
  leftSideInches: '',
  bottomSideInches: '',
  rightSideInches: '',
};

/** The choices of a field in the definition's schema (enum). */
function enumOf(definition: CompiledDefinition, ...path: string[]): string[] {
  let node = definition.bundle.schema as Record<string, unknown> | undefined;
  for (const key of path) {
    // An array's fields are those of its items.
    if (node?.items) node = node.items as Record<string, unknown>;
    node = (node?.properties as Record<string, Record<string, unknown>> | undefined)?.[key];
  }
  return (node?.enum as string[] | undefined) ?? [];
}

/** The message of the definition's slope rule: the one that is toasted and clears the side (spec 3 §8). */
function slopeMessageOf(definition: CompiledDefinition): string | undefined {
  const rule = definition.bundle.rules.rules.find((candidate: Rule) => candidate.id === 'validate:hypotenuse') as
    { message?: string } | undefined;
  return rule?.message;
}

/** /Ordering/CustomTrapGlass: build trapezoid glass pieces and add them to the glass cart (spec 3 §2, §5, §9). */
export function GlassPage() {
  return (
    <CartProvider kind="glass">
      <GlassPageContent />
    </CartProvider>
  );
}

function GlassPageContent() {
  usePageTitle('Custom Glass');
  const { cart, isFailed } = useCart();
  const navigate = useNavigate();
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h1" sx={{ flex: 1 }}>
          Custom Trapezoid Glass
        </Typography>
        {cart ? <GoToCartButton cart={cart} /> : null}
        <Button variant="outlined" startIcon={<ArrowBackIcon />} onClick={() => void navigate('/Ordering')}>
          Go Back
        </Button>
      </Stack>
      {isFailed ? <Alert severity="error">The glass page could not be loaded. Please reload the page.</Alert> : null}
      {cart ? <GlassBuilder cart={cart} /> : isFailed ? null : <LoadingText />}
    </Stack>
  );
}

function GlassBuilder({ cart }: { cart: CartHandle }) {
  const { store, fields } = cart;
  const definition = store.definition;
  // The glass cart's fields as its ui schema names them (ui:field glassType, cartLines).
  const typeField = fields.glassType ?? '';
  const piecePathOf = (field: SideField | 'glassShape') => piecePath(fields.lines, field);
  const { enqueueSnackbar } = useSnackbar();
  const glassType = useFormSelector(store, (view) => view.state.data[typeField] as string | undefined);
  const lineCount = useFormSelector(store, (view) => readLines(view.state.data, fields.lines).length);
  const [pendingType, setPendingType] = useState<string | null>(null);
  const [piece, setPiece] = useState<PieceInput>(emptyPiece);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const types = useMemo(() => enumOf(definition, typeField), [definition, typeField]);
  const shapes = useMemo(() => enumOf(definition, fields.lines, 'glassShape'), [definition, fields.lines]);
  const slopeMessage = useMemo(() => slopeMessageOf(definition), [definition]);
  const checked = useMemo(
    () => checkPiece(definition, cart.context, glassType, piece),
    [definition, cart.context, glassType, piece],
  );
  const price = (checked.data[fields.lines] as GlassLine[] | undefined)?.[0]?.price;
  const missing = new Set(checked.missing.map((field) => field.path));
  const notes = ((definition.bundle.ui['ui:options'] ?? {}) as { notes?: string[] }).notes ?? [];

  const messageAt = (path: string) =>
    touched.has(path) ? (checked.errors[path] ?? (missing.has(path) ? 'Required' : undefined)) : undefined;
  const typeMessage = touched.has(typeField) && !glassType ? 'Choose a glass type' : undefined;

  const chooseType = (next: string) => {
    if (next === glassType) return;
    if (lineCount > 0 && glassType) setPendingType(next);
    else store.set(typeField, next);
  };
  const setSide = (field: SideField, text: string) =>
    setPiece((current) => ({ ...current, [field]: filterSideText(text) }));
  const leaveSide = (field: SideField) => {
    setTouched((current) => new Set(current).add(piecePathOf(field)));
    // The slope rule judges the whole piece; the side just left is the one cleared (spec 3 §8).
    const isSlopeRefused =
      slopeMessage !== undefined &&
      Object.entries(checked.errors).some(
        ([path, message]) => path.startsWith(`${fields.lines}.0.`) && message === slopeMessage,
      );
    if (isSlopeRefused) {
      enqueueSnackbar(slopeMessage, { variant: 'warning' });
      setPiece((current) => ({ ...current, [field]: '' }));
    }
  };

  const add = () => {
    setTouched(new Set([typeField, ...shownSides(piece.glassShape).map(piecePathOf)]));
    const hasProblem =
      !glassType ||
      shownSides(piece.glassShape).some(
        (field) => checked.errors[piecePathOf(field)] || missing.has(piecePathOf(field)),
      );
    if (hasProblem) return;
    const line = toGlassLine(piece) as GlassLine;
    const result = cart.actions.add(line);
    if (!result.isDone) {
      if (result.message) enqueueSnackbar(result.message, { variant: 'warning' });
      return;
    }
    enqueueSnackbar(addedToCart, { variant: 'success' });
    setPiece({ ...emptyPiece, glassShape: piece.glassShape });
    setTouched(new Set());
  };

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      <Stack spacing={2.5} component="section" aria-label="Glass piece">
        <FormControl fullWidth error={Boolean(typeMessage)}>
          <InputLabel id="glass-type-label">Glass Type</InputLabel>
          <Select
            labelId="glass-type-label"
            id="glass-type"
            label="Glass Type"
            value={glassType ?? ''}
            onChange={(event) => chooseType(String(event.target.value))}
          >
            {types.map((type) => (
              <MenuItem key={type} value={type}>
                {type}
              </MenuItem>
            ))}
          </Select>
          {typeMessage ? <FormHelperText>{typeMessage}</FormHelperText> : null}
        </FormControl>
        <FormControl component="fieldset">
          <FormLabel component="legend">Glass Shape</FormLabel>
          <RadioGroup
            row
            name="glass-shape"
            value={piece.glassShape}
            onChange={(_event, shape) => setPiece((current) => ({ ...current, glassShape: shape }))}
            sx={{ gap: 1 }}
          >
            {shapes.map((shape) => (
              <FormControlLabel
                key={shape}
                value={shape}
                control={<Radio />}
                label={
                  <Stack sx={{ alignItems: 'center' }}>
                    <GlassShapePicture shape={shape} size={110} />
                    <span>{shape}</span>
                  </Stack>
                }
                sx={{
                  m: 0,
                  pr: 1,
                  border: 1,
                  borderRadius: 1,
                  borderColor: piece.glassShape === shape ? 'primary.main' : 'divider',
                  bgcolor: piece.glassShape === shape ? 'action.selected' : undefined,
                }}
              />
            ))}
          </RadioGroup>
        </FormControl>
        <Alert severity="warning" data-testid="finished-size-warning">
          Enter finished glass sizes in inches: the size of the glass itself, not of the opening. Sides are 4 to 96
          inches.
          {notes.map((note) => ` ${note}`)}
        </Alert>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {shownSides(piece.glassShape).map((field) => {
            const message = messageAt(piecePathOf(field));
            const label =
              piece.glassShape === 'Rectangular' && field === 'leftSideInches' ? 'Height' : sideLabels[field];
            return (
              <TextField
                key={field}
                id={`glass-${field}`}
                label={label}
                value={piece[field]}
                error={Boolean(message)}
                helperText={message ?? ' '}
                onChange={(event) => setSide(field, event.target.value)}
                onBlur={() => leaveSide(field)}
                slotProps={{
                  htmlInput: { inputMode: 'decimal' },
                  input: { endAdornment: <InputAdornment position="end">in</InputAdornment> },
                }}
              />
            );
          })}
        </Stack>
        <Box>
          <Button variant="contained" size="large" onClick={add} data-testid="glass-add">
            Add To Cart {typeof price === 'number' ? formatCurrency(price) : ''}
          </Button>
        </Box>
      </Stack>
      <Stack spacing={1} sx={{ alignItems: 'center' }} aria-hidden>
        <GlassShapePicture shape={piece.glassShape} size={320} />
      </Stack>
      <Dialog
        open={pendingType !== null}
        onClose={() => setPendingType(null)}
        aria-labelledby="glass-type-change-title"
        aria-describedby="glass-type-change-text"
      >
        <DialogTitle id="glass-type-change-title">Change the glass type?</DialogTitle>
        <DialogContent>
          <DialogContentText id="glass-type-change-text">{glassTypeChangeQuestion}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPendingType(null)} autoFocus>
            No
          </Button>
          <Button
            variant="contained"
            onClick={() => {
              if (pendingType) store.set(typeField, pendingType);
              setPendingType(null);
            }}
          >
            Yes
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
