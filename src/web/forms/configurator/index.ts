/**
 * What every configurator page shares (sunroom family, pergola, pavilion): the submit flow (missing fields or the
 * summary, order or preview, drawings, 'I am done making changes'), the summary modal, the status messages for
 * 999/998/997 and other failures, the submit call, the contacts it names and the modal size.
 */
export { ConfiguratorSubmitArea, StatusAlert, type DrawingsProps } from './configurator-submit-area';
export { LiveMissingList } from './live-missing-list';
export { StartNewOrder } from './start-new-order';
export {
  useConfiguratorSubmit,
  type ConfiguratorSubmit,
  type ConfiguratorSubmitOptions,
  type SubmitPhase,
} from './use-configurator-submit';
export {
  defaultRefusalTexts,
  describeFailure,
  formatContact,
  notOrderedYetMessage,
  orderedMessage,
  previewNotSentMessage,
  systemErrorMessage,
  type RefusalTexts,
  type StatusMessage,
} from './submit-messages';
export {
  readSubmitFailure,
  submitConfigurator,
  type SubmitOutcome,
  type SubmitTarget,
} from './api/submit-configurator';
export {
  getConfiguratorContacts,
  pickConfiguratorContacts,
  useConfiguratorContacts,
  type ConfiguratorContacts,
  type NamedContact,
} from './api/get-configurator-contacts';
export { configuratorModalPaperSx } from './modal-size';
export { usePriceAfterField } from './price-after-field';
