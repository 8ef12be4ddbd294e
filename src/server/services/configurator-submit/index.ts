export {
  configuratorFileNamePrefixes,
  isSameJson,
  previewReferenceField,
  readPreviewReference,
  submitConfigurator,
  type ConfiguratorOutcome,
  type ConfiguratorSubmission,
  type ConfiguratorSubmitDeps,
} from './configurator-submit';
export { deriveSunroomForm, screenRoomTypes, type SunroomFamilyForm } from './sunroom-form';
