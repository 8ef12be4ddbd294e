import { Link as RouterLink, useLocation } from 'react-router';
import { Badge, Button } from '@mui/material';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { formatCurrency } from '../../forms';
import type { CartHandle } from './cart-context';
import type { CartLinkState } from './cart-kinds';
import { useCartSummary } from './use-cart-summary';

/** Spec 3 §2: Go To Cart, shown while the cart holds something, with the cart's total. */
export function GoToCartButton({ cart }: { cart: CartHandle }) {
  const { count, total } = useCartSummary(cart);
  const location = useLocation();
  if (count === 0) return null;
  const state: CartLinkState = { from: `${location.pathname}${location.search}` };
  return (
    <Button
      component={RouterLink}
      to={cart.info.cartPath}
      state={state}
      variant="contained"
      color="secondary"
      startIcon={
        <Badge badgeContent={count} color="primary" max={999}>
          <ShoppingCartIcon />
        </Badge>
      }
      data-testid="go-to-cart"
    >
      Go To Cart ({formatCurrency(total)})
    </Button>
  );
}
