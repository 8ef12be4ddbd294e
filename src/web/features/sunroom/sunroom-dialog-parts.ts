/** The sunroom dialogs' chunk (see sunroom-dialogs.ts). */
export { AngledLayoutModal, StructureLayoutModal } from './layouts/layout-modals';
export { RoofSpanChartModal } from './roof-span-chart-modal';
export { WallChoicesDialog } from './walls/wall-choices-dialog';
