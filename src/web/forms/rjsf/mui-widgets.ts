/**
 * What @rjsf/mui's theme gets for its widgets (vite.config.ts points its import of Widgets.js here): stand-ins that load
 * `rare-pieces.ts` on first use. Ours replace its radio and select; no configurator's first screen draws its
 * checkboxes, slider (MUI's Slider, 6 kB gz) or textarea.
 */
import type { RegistryWidgetsType } from '@rjsf/utils';
import { lazyPieces } from './lazy-piece';

export function generateWidgets(): RegistryWidgetsType {
  return lazyPieces('muiWidgets', [
    'CheckboxWidget',
    'CheckboxesWidget',
    'RadioWidget',
    'RangeWidget',
    'SelectWidget',
    'TextareaWidget',
  ]) as unknown as RegistryWidgetsType;
}

export default generateWidgets();
