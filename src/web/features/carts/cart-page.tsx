import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useSnackbar } from 'notistack';
import {
  DefinitionForm,
  formatCurrency,
  listProblems,
  MissingFieldsDialog,
  useFormSelector,
  type ProblemLine,
} from '../../forms';
import { LoadingText } from '../../shared/components/loading-text';
import { usePageTitle } from '../../shared/components/use-page-title';
import { submitCart } from './api/submit-cart';
import { useCart, type CartHandle } from './cart-context';
import { CartLineList } from './cart-line-list';
import { defaultGoBackPath, type CartKind, type CartLinkState } from './cart-kinds';
import { cartPageFields, readLines } from './cart-lines';
import { CartProvider } from './cart-provider';

/** Spec 3 §8 cart toasts. */
export const cartToasts = {
  received: 'File received by TEMO!',
  failed: 'Error submitting order. Please try again.',
} as const;

/** The spare parts, marketing, display or glass cart page (spec 3 §2), in its own cart provider. */
export function CartPage({ kind }: { kind: CartKind }) {
  return (
    <CartProvider kind={kind}>
      <CartPageContent />
    </CartProvider>
  );
}

/** Where Go Back leads: the page the dealer came from, else the spare parts page (spec 3 §2). */
function useGoBack(): () => void {
  const navigate = useNavigate();
  const from = (useLocation().state as CartLinkState | null)?.from;
  return useCallback(() => void navigate(from ?? defaultGoBackPath), [navigate, from]);
}

function CartPageContent() {
  const { cart, isFailed, kind } = useCart();
  const goBack = useGoBack();
  return (
    <Stack spacing={3}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Typography variant="h1">{cart?.info.title ?? 'Cart'}</Typography>
        <Button variant="outlined" startIcon={<ArrowBackIcon />} onClick={goBack}>
          Go Back
        </Button>
      </Stack>
      {isFailed ? <Alert severity="error">The {kind} cart could not be loaded. Please reload the page.</Alert> : null}
      {cart ? <CartBody cart={cart} goBack={goBack} /> : isFailed ? null : <LoadingText />}
    </Stack>
  );
}

function CartBody({ cart, goBack }: { cart: CartHandle; goBack(): void }) {
  usePageTitle(cart.info.title);
  const { store, info, fields } = cart;
  const { enqueueSnackbar } = useSnackbar();
  const [problems, setProblems] = useState<ProblemLine[] | null>(null);
  const [isSending, setIsSending] = useState(false);
  const total = useFormSelector(store, (view) => view.state.price);
  const glassType = useFormSelector(store, (view) =>
    fields.glassType ? view.state.data[fields.glassType] : undefined,
  );
  const uiOptions = (store.definition.bundle.ui['ui:options'] ?? {}) as {
    submitLabel?: string;
    totalLabel?: string;
    notes?: string[];
  };

  const send = useCallback(async () => {
    if (isSending) return;
    store.showMessages();
    const state = store.getState();
    if (readLines(state.data, fields.lines).length === 0) {
      // Spec 3 §4: the noParts toast, once gone, takes the dealer back.
      const message = state.errors[fields.lines] ?? 'Please add parts to your cart before submitting.';
      enqueueSnackbar(message, { key: 'noParts', variant: 'warning', preventDuplicate: true, onExited: goBack });
      return;
    }
    if (!state.isSubmittable) {
      setProblems(listProblems(state, store.definition.labelOf));
      return;
    }
    setIsSending(true);
    try {
      await submitCart(info.submitUrl, state.payload);
      cart.actions.empty();
      await cart.clearSaved();
      enqueueSnackbar(cartToasts.received, { variant: 'success' });
      goBack();
    } catch (error) {
      console.error(`The ${info.form} order was not accepted`, error);
      enqueueSnackbar(cartToasts.failed, { variant: 'error' });
      setIsSending(false);
    }
  }, [isSending, store, info, fields, enqueueSnackbar, goBack, cart]);

  return (
    // Two columns when the page's own box is wide enough (a container query, not the window's width): the workbench
    // preview draws this page in a narrow pane of a wide window.
    <Box sx={{ containerType: 'inline-size' }}>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: '1fr',
          '@container (min-width: 880px)': { gridTemplateColumns: 'minmax(0, 7fr) minmax(0, 5fr)' },
          alignItems: 'start',
        }}
      >
        <Stack component="section" aria-labelledby="cart-items-title" spacing={2}>
          <Typography variant="h2" id="cart-items-title">
            Items
          </Typography>
          {typeof glassType === 'string' && glassType ? (
            <Typography data-testid="cart-glass-type">Glass type: {glassType}</Typography>
          ) : null}
          {(uiOptions.notes ?? []).map((note) => (
            <Alert severity="info" key={note}>
              {note}
            </Alert>
          ))}
          <CartLineList cart={cart} />
          <Paper variant="outlined" sx={{ p: 2 }} role="group" aria-labelledby="cart-total-label">
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
              <Typography id="cart-total-label" sx={{ fontWeight: 600 }}>
                {uiOptions.totalLabel ?? 'Total'}
              </Typography>
              <Typography component="output" variant="h3" aria-live="polite" data-testid="cart-total">
                {formatCurrency(total ?? 0)}
              </Typography>
            </Stack>
          </Paper>
        </Stack>
        <Paper component="section" aria-label="Send your order" variant="outlined" sx={{ p: 2 }}>
          <DefinitionForm
            id={`${info.form}-form`}
            store={store}
            onSubmitRequest={() => void send()}
            pageFields={cartPageFields}
          />
          <Box sx={{ mt: 2 }}>
            {isSending ? (
              <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 36.5 }}>
                <CircularProgress size={20} aria-hidden />
                <Typography>Sending...</Typography>
              </Box>
            ) : (
              <Button variant="contained" size="large" fullWidth onClick={() => void send()}>
                {uiOptions.submitLabel ?? 'Send and Confirm Your Order'}
              </Button>
            )}
          </Box>
        </Paper>
        <MissingFieldsDialog problems={problems} onClose={() => setProblems(null)} />
      </Box>
    </Box>
  );
}
