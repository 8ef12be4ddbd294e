/** Issue 15, page widths (page-widths-cases.ts): the catalogues, carts and custom glass. */
import { dealerCataloguePages, describePageWidths } from './page-widths-cases';

describePageWidths("a dealer's catalogues and carts", dealerCataloguePages, 'summit');
