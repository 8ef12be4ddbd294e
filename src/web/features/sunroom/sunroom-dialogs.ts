import { lazyPart } from '../../shared/components/lazy-part';

/**
 * The sunroom page's dialogs (Wall Choices with its wall editors, the structure and angled layout pickers, the roof
 * span chart): none is open when the page first draws, so they are one chunk of their own, preloaded once the page is
 * idle (`usePreloadWhenIdle`) and drawn from it when opened.
 */
const loadDialogs = () => import('./sunroom-dialog-parts');

export const sunroomDialogs = {
  WallChoicesDialog: lazyPart(() => loadDialogs().then((parts) => parts.WallChoicesDialog)),
  StructureLayoutModal: lazyPart(() => loadDialogs().then((parts) => parts.StructureLayoutModal)),
  AngledLayoutModal: lazyPart(() => loadDialogs().then((parts) => parts.AngledLayoutModal)),
  RoofSpanChartModal: lazyPart(() => loadDialogs().then((parts) => parts.RoofSpanChartModal)),
};
