import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { useSnackbar } from 'notistack';
import type { CartHandle } from '../carts';
import { formatCurrency } from '../../forms';
import type { CataloguePart } from './api/catalogue-parts';
import { formatDisplayNumber } from './part-card';
import { PartImage } from './part-image';

/** Spec 3 §8. */
export const addedToCartMessage = 'Added to cart.';

/** Adds `quantity` of a part to the cart; toasts 'Added to cart.' or the cart rule's refusal. Returns whether it was added. */
export function addPartToCart(
  cart: CartHandle,
  part: CataloguePart,
  quantity: number,
  toast: (message: string, variant: 'success' | 'warning') => void,
): boolean {
  const result = cart.actions.add({
    partNumber: part.partNumber,
    quantity,
    partDescription: part.description,
    price: part.price,
  });
  if (result.isDone) toast(addedToCartMessage, 'success');
  else if (result.message) toast(result.message, 'warning');
  return result.isDone;
}

/** The part detail modal (spec 3 §2): picture, details, a quantity of at least 1 and Add to cart. */
export function PartDetailModal({
  part,
  cart,
  onClose,
}: {
  part: CataloguePart | null;
  cart: CartHandle | null;
  onClose(): void;
}) {
  return (
    <Dialog open={part !== null} onClose={onClose} aria-labelledby="part-detail-title" maxWidth="sm" fullWidth>
      {part ? <PartDetail key={part.partNumber} part={part} cart={cart} onClose={onClose} /> : null}
    </Dialog>
  );
}

function PartDetail({ part, cart, onClose }: { part: CataloguePart; cart: CartHandle | null; onClose(): void }) {
  const { enqueueSnackbar } = useSnackbar();
  const [quantityText, setQuantityText] = useState('1');
  const quantity = Math.max(1, Math.floor(Number(quantityText)) || 1);
  const displayNumber = formatDisplayNumber(part.displayNumber);
  const add = () => {
    if (!cart) return;
    if (addPartToCart(cart, part, quantity, (message, variant) => enqueueSnackbar(message, { variant }))) onClose();
  };
  return (
    <>
      <DialogTitle id="part-detail-title">{part.name}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={1.5}>
          <PartImage imageId={part.imageID} alt={part.name} height={260} />
          {displayNumber ? (
            <Typography sx={{ fontWeight: 700, color: 'secondary.main' }}>{displayNumber}</Typography>
          ) : null}
          <Typography>{part.description}</Typography>
          <Typography color="text.secondary">
            Part number {part.partNumber}
            {part.uom ? `, sold per ${part.uom}` : ''}
          </Typography>
          <Typography variant="h3" component="p">
            {formatCurrency(part.price)}
          </Typography>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <IconButton
              aria-label="Decrease quantity"
              disabled={quantity <= 1}
              onClick={() => setQuantityText(String(quantity - 1))}
            >
              <RemoveIcon />
            </IconButton>
            <TextField
              id="part-detail-quantity"
              label="Quantity"
              size="small"
              value={quantityText}
              onChange={(event) => setQuantityText(event.target.value.replace(/\D/g, ''))}
              onBlur={() => setQuantityText(String(quantity))}
              sx={{ width: 100 }}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <IconButton aria-label="Increase quantity" onClick={() => setQuantityText(String(quantity + 1))}>
              <AddIcon />
            </IconButton>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" onClick={add} disabled={!cart}>
          Add to cart
        </Button>
      </DialogActions>
    </>
  );
}
