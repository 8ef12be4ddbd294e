/** What the patio-cover feature offers others: the configurator body (the definitions workbench previews it). */
export { PatioCoverConfigurator } from './patio-cover-configurator';
export { pavilionRoute, pergolaRoute, patioCoverRefusalTexts, type PatioCoverFormRoute } from './patio-cover-forms';
