/**
 * The chunk of rjsf's pieces no definition draws on a configurator's first screen (arrays, oneOf/anyOf choosers,
 * layout grids, dates, files, sliders, the MUI theme's default templates that ours replace): loaded on first use by
 * the lazy stand-ins of `lazy-piece.tsx`.
 */
import coreFields from '@rjsf/core/lib/components/fields/index.js';
import coreTemplates from '@rjsf/core/lib/components/templates/index.js';
import coreWidgets from '@rjsf/core/lib/components/widgets/index.js';
import { generateTemplates } from '@rjsf/mui/lib/Templates/Templates.js';
import { generateWidgets } from '@rjsf/mui/lib/Widgets/Widgets.js';

export const rarePieces = {
  coreFields: coreFields(),
  coreTemplates: coreTemplates(),
  coreWidgets: coreWidgets(),
  muiTemplates: generateTemplates(),
  muiWidgets: generateWidgets(),
};

export type RarePieces = typeof rarePieces;
