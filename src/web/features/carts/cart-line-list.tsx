import { Box, Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useSnackbar } from 'notistack';
import { toNumber } from '../../../engine';
import { formatCurrency, useFormSelector } from '../../forms';
import type { CartHandle } from './cart-context';
import { readLines, type CartLine } from './cart-lines';

/** What a line shows: its title and the line under it. */
function describeLine(line: CartLine): { title: string; detail: string } {
  if ('partNumber' in line)
    return { title: line.partDescription || line.partNumber, detail: `Part number ${line.partNumber}` };
  return {
    title: line.name ?? `${line.leftSideInches} x ${line.bottomSideInches} x ${line.rightSideInches}`,
    detail: `${line.glassShape}, left x bottom x right (in)`,
  };
}

/** Spec 3 §2 carts: the item list with remove and plus/minus quantity controls (never below 1). */
export function CartLineList({ cart }: { cart: CartHandle }) {
  const { store, actions, fields } = cart;
  const { enqueueSnackbar } = useSnackbar();
  const lines = useFormSelector(store, (view) => readLines(view.state.data, fields.lines));
  const listMessage = useFormSelector(store, (view) => view.state.errors[fields.lines]);
  const messages = useFormSelector(store, (view) => (view.isShowingMessages ? view.state.errors : null));

  if (lines.length === 0) {
    return <Typography data-testid="cart-empty">Your cart is empty.</Typography>;
  }
  const step = (index: number, delta: 1 | -1) => {
    const result = actions.step(index, delta);
    if (!result.isDone && result.message) enqueueSnackbar(result.message, { variant: 'warning' });
  };
  return (
    <Stack spacing={1.5}>
      <Box
        component="ul"
        aria-label="Items in the cart"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
      >
        {lines.map((line, index) => {
          const { title, detail } = describeLine(line);
          const quantity = toNumber(line.quantity);
          const quantityPath = `${fields.lines}.${index}.quantity`;
          const quantityMessage = messages?.[quantityPath];
          const inputId = `cart-line-${index}-quantity`;
          return (
            <Box
              component="li"
              key={'partNumber' in line ? line.partNumber : `${index}-${title}`}
              data-testid="cart-line"
              data-part={'partNumber' in line ? line.partNumber : line.name}
              sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
            >
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {detail}
                  </Typography>
                  <Typography variant="body2">
                    {formatCurrency(line.price)} each, line total{' '}
                    <span data-testid="line-total">
                      {formatCurrency((toNumber(line.price) ?? 0) * (quantity ?? 0))}
                    </span>
                  </Typography>
                </Box>
                <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                  <IconButton
                    aria-label={`Decrease quantity of ${title}`}
                    disabled={(quantity ?? 1) <= 1}
                    onClick={() => step(index, -1)}
                  >
                    <RemoveIcon />
                  </IconButton>
                  <TextField
                    id={inputId}
                    label="Qty"
                    size="small"
                    value={line.quantity ?? ''}
                    error={Boolean(quantityMessage)}
                    helperText={quantityMessage}
                    onChange={(event) => actions.typeQuantity(index, event.target.value)}
                    onBlur={() => actions.leaveQuantity(index)}
                    sx={{ width: 80 }}
                    slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': `Quantity of ${title}` } }}
                  />
                  <IconButton aria-label={`Increase quantity of ${title}`} onClick={() => step(index, 1)}>
                    <AddIcon />
                  </IconButton>
                </Stack>
                <Button
                  color="error"
                  startIcon={<DeleteOutlineIcon />}
                  onClick={() => actions.remove(index)}
                  aria-label={`Remove ${title}`}
                >
                  Remove
                </Button>
              </Stack>
            </Box>
          );
        })}
      </Box>
      {listMessage ? (
        <Typography color="error" role="alert" data-testid="cart-list-message">
          {listMessage}
        </Typography>
      ) : null}
    </Stack>
  );
}
