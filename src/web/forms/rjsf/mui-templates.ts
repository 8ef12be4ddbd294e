/**
 * What @rjsf/mui's theme gets for its templates (vite.config.ts points its import of Templates.js here): the text input
 * template every text and number field draws, loaded with the form; the rest (ours replace its field and object
 * templates; the others draw arrays, error lists, grids, buttons) as stand-ins that load `rare-pieces.ts` on first use.
 */
import type { TemplatesType } from '@rjsf/utils';
import BaseInputTemplate from '@rjsf/mui/lib/BaseInputTemplate/BaseInputTemplate.js';
import { lazyPiece, lazyPieces } from './lazy-piece';

type ButtonName = keyof TemplatesType['ButtonTemplates'];
const rareButton = (name: ButtonName) => lazyPiece((pieces) => pieces.muiTemplates.ButtonTemplates![name], name);

export function generateTemplates() {
  return {
    BaseInputTemplate,
    ...lazyPieces('muiTemplates', [
      'ArrayFieldItemTemplate',
      'ArrayFieldTemplate',
      'CyclicSchemaExpandTemplate',
      'DescriptionFieldTemplate',
      'ErrorListTemplate',
      'FieldErrorTemplate',
      'FieldHelpTemplate',
      'FieldTemplate',
      'GridTemplate',
      'MultiSchemaFieldTemplate',
      'ObjectFieldTemplate',
      'OptionalDataControlsTemplate',
      'TitleFieldTemplate',
      'WrapIfAdditionalTemplate',
    ]),
    ButtonTemplates: {
      AddButton: rareButton('AddButton'),
      CopyButton: rareButton('CopyButton'),
      MoveDownButton: rareButton('MoveDownButton'),
      MoveUpButton: rareButton('MoveUpButton'),
      RemoveButton: rareButton('RemoveButton'),
      SubmitButton: rareButton('SubmitButton'),
      ClearButton: rareButton('ClearButton'),
    },
  } as unknown as Partial<TemplatesType>;
}

export default generateTemplates();
