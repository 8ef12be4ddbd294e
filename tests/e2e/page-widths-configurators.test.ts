/** Issue 15, page widths (page-widths-cases.ts): the ordering home, the configurators and the engineering request. */
import { dealerConfiguratorPages, describePageWidths } from './page-widths-cases';

describePageWidths("a dealer's configurators", dealerConfiguratorPages, 'summit');
