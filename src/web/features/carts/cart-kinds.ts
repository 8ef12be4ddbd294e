/** The four carts of spec 3: each is one cart definition (its send form) kept per signed-in user. */
export type CartKind = 'spare-parts' | 'marketing' | 'display' | 'glass';

/** What differs between the carts: the definition, the pages and the send call (the lines' field is the definition's). */
export interface CartKindInfo {
  form: 'spare-parts-cart' | 'marketing-cart' | 'display-cart' | 'glass-cart';
  title: string;
  cartPath: string;
  cataloguePath: string;
  submitUrl: string;
}

export const cartKinds: Record<CartKind, CartKindInfo> = {
  'spare-parts': {
    form: 'spare-parts-cart',
    title: 'Spare Parts Cart',
    cartPath: '/Ordering/SparePartsCart',
    cataloguePath: '/Ordering/SpareParts',
    submitUrl: '/api/SpareParts/SubmitSpareParts',
  },
  marketing: {
    form: 'marketing-cart',
    title: 'Marketing Cart',
    cartPath: '/Ordering/MarketingCart',
    cataloguePath: '/Ordering/Marketing',
    submitUrl: '/api/SpareParts/SubmitSpareParts',
  },
  display: {
    form: 'display-cart',
    title: 'Display Cart',
    cartPath: '/Ordering/DisplayCart',
    cataloguePath: '/Ordering/Displays',
    submitUrl: '/api/SpareParts/SubmitSpareParts',
  },
  glass: {
    form: 'glass-cart',
    title: 'Custom Glass Cart',
    cartPath: '/Ordering/CustomTrapGlassCart',
    cataloguePath: '/Ordering/CustomTrapGlass',
    submitUrl: '/api/SpareParts/CustomGlass',
  },
};

/** Spec 3 §2: Go Back on a cart returns to where the dealer came from, else to the spare parts page. */
export const defaultGoBackPath = '/Ordering/SpareParts';

/** The router state a page passes when it opens a cart, so the cart's Go Back knows where to return. */
export interface CartLinkState {
  from?: string;
}
