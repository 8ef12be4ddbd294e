import { createElement } from 'react';
import { lazyPart } from '../../shared/components/lazy-part';
import { LoadingDialog } from '../../shared/components/loading-dialog';
import { readRoomFields } from './room-fields';
import { readWallWords } from './walls/wall-words';

/**
 * The sunroom page's dialogs (Wall Choices with its wall editors, the structure and angled layout pickers, the roof
 * span chart): none is open when the page first draws, so they are one chunk of their own, preloaded once the page is
 * idle (`usePreloadWhenIdle`) and drawn from it when opened; opened before it has come, each shows as a loading dialog
 * under its own name.
 */
const loadDialogs = () => import('./sunroom-dialog-parts');

const loading = (title: string) => (props: { isOpen: boolean; onClose(): void }) =>
  createElement(LoadingDialog, { title, isOpen: props.isOpen, onClose: props.onClose });

export const sunroomDialogs = {
  WallChoicesDialog: lazyPart(
    () => loadDialogs().then((parts) => parts.WallChoicesDialog),
    (props) => loading(readWallWords(props.store.definition, readRoomFields(props.store.definition)).modalTitle)(props),
  ),
  StructureLayoutModal: lazyPart(
    () => loadDialogs().then((parts) => parts.StructureLayoutModal),
    loading('Structure Layout'),
  ),
  AngledLayoutModal: lazyPart(() => loadDialogs().then((parts) => parts.AngledLayoutModal), loading('Angled Layout')),
  RoofSpanChartModal: lazyPart(
    () => loadDialogs().then((parts) => parts.RoofSpanChartModal),
    loading('Roof Span Chart'),
  ),
};
