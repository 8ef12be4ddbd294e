export { submitCart, resolveSparePartsForm, cartCatalogues, cartFileNamePrefixes, type CartForm, type CartOutcome, type CartSubmitDeps } from './cart-submit';
