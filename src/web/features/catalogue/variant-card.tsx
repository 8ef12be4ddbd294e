import { useMemo, useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  FormControl,
  FormLabel,
  IconButton,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { useSnackbar } from 'notistack';
import { formatCurrency } from '../../forms';
import type { CartHandle } from '../carts';
import type { CataloguePart } from './api/catalogue-parts';
import { addPartToCart } from './part-detail-modal';
import { PartImage } from './part-image';
import {
  chooseVariant,
  findVariant,
  optionsOf,
  selectionOf,
  swatchName,
  type Selection,
  type VariantSelect,
} from './variants';

/** Swatch colours of the demo catalogue's frame colours; another name shows grey with its label. */
const swatchColours: Record<string, string> = {
  white: '#ffffff',
  bronze: '#5a4332',
  sandstone: '#d6c4a1',
  black: '#1b1b1b',
};

interface VariantCardProps {
  title: string;
  variants: CataloguePart[];
  selects: VariantSelect[];
  cart: CartHandle | null;
}

/** A transom, door or sash card (spec 3 §2): selects, colour swatches, quantity and an add-to-cart button with the price. */
export function VariantCard({ title, variants, selects, cart }: VariantCardProps) {
  const { enqueueSnackbar } = useSnackbar();
  const fields = useMemo(() => [...selects.map((select) => select.field), 'color' as const], [selects]);
  const [selection, setSelection] = useState<Selection>(() => selectionOf(variants[0], fields));
  const [quantity, setQuantity] = useState(1);
  const chosen = findVariant(variants, fields, selection);
  const colours = optionsOf(
    variants.filter((part) => selects.every((select) => String(part[select.field] ?? '') === selection[select.field])),
    'color',
  );
  const choose = (field: keyof CataloguePart, value: string) =>
    setSelection(chooseVariant(variants, fields, selection, field, value));
  const cardId = `variant-${title.replace(/[^A-Za-z0-9]/g, '-')}`;

  const add = () => {
    if (!cart || !chosen) return;
    if (addPartToCart(cart, chosen, quantity, (message, variant) => enqueueSnackbar(message, { variant })))
      setQuantity(1);
  };

  return (
    <Card variant="outlined" component="article" aria-labelledby={`${cardId}-title`} data-card={title}>
      <CardContent>
        <Stack spacing={1.5}>
          <Typography variant="h2" id={`${cardId}-title`}>
            {title}
          </Typography>
          <PartImage imageId={chosen?.imageID ?? null} alt={chosen?.name ?? title} height={200} />
          {chosen ? (
            <Typography variant="body2" color="text.secondary" data-testid="variant-part-number">
              {chosen.description} (part number {chosen.partNumber})
            </Typography>
          ) : null}
          {selects.map((select) => {
            const labelId = `${cardId}-${String(select.field)}-label`;
            return (
              <FormControl key={String(select.field)} size="small" fullWidth>
                <InputLabel id={labelId}>{select.label}</InputLabel>
                <Select
                  labelId={labelId}
                  label={select.label}
                  value={selection[select.field] ?? ''}
                  onChange={(event) => choose(select.field, String(event.target.value))}
                >
                  {optionsOf(variants, select.field).map((value) => (
                    <MenuItem key={value} value={value}>
                      {select.show ? select.show(value) : value}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
            );
          })}
          <Box role="radiogroup" aria-labelledby={`${cardId}-colour-label`}>
            <FormLabel id={`${cardId}-colour-label`}>Color: {selection.color ? selection.color : ''}</FormLabel>
            <Stack direction="row" spacing={1} sx={{ mt: 0.5, flexWrap: 'wrap' }}>
              {colours.map((colour) => {
                const name = swatchName(colour);
                const isChosen = selection.color === colour;
                return (
                  <Box
                    key={colour}
                    component="button"
                    type="button"
                    role="radio"
                    aria-checked={isChosen}
                    aria-label={colour}
                    title={colour}
                    data-swatch={name}
                    onClick={() => choose('color', colour)}
                    sx={{
                      width: 36,
                      height: 36,
                      borderRadius: '50%',
                      cursor: 'pointer',
                      bgcolor: swatchColours[name] ?? 'grey.400',
                      border: 2,
                      borderColor: isChosen ? 'primary.main' : 'grey.500',
                      outline: isChosen ? '3px solid' : 'none',
                      outlineColor: 'primary.light',
                      outlineOffset: 2,
                    }}
                  />
                );
              })}
            </Stack>
          </Box>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <IconButton
              aria-label={`Decrease quantity of ${title}`}
              disabled={quantity <= 1}
              onClick={() => setQuantity(quantity - 1)}
            >
              <RemoveIcon />
            </IconButton>
            <TextField
              label="Qty"
              size="small"
              value={quantity}
              onChange={(event) => setQuantity(Math.max(1, Number(event.target.value.replace(/\D/g, '')) || 1))}
              sx={{ width: 80 }}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': `Quantity of ${title}` } }}
            />
            <IconButton aria-label={`Increase quantity of ${title}`} onClick={() => setQuantity(quantity + 1)}>
              <AddIcon />
            </IconButton>
          </Stack>
          <Button variant="contained" onClick={add} disabled={!cart || !chosen}>
            {chosen ? `Add to cart ${formatCurrency(chosen.price * quantity)}` : 'Not available'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
