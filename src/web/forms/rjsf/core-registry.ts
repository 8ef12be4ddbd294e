/**
 * What @rjsf/core gets for its `getDefaultRegistry` (vite.config.ts points its imports here): the same registry, with
 * the fields, templates and widgets a definition's first screen draws loaded with the form, and the rest (arrays,
 * oneOf/anyOf choosers, layout grids, dates, files, ratings, and the core templates the MUI theme and ours replace)
 * as stand-ins that load `rare-pieces.ts` on first use.
 */
import { DEFAULT_ID_PREFIX, DEFAULT_ID_SEPARATOR, englishStringTranslator, type Registry } from '@rjsf/utils';
import BooleanField from '@rjsf/core/lib/components/fields/BooleanField.js';
import NullField from '@rjsf/core/lib/components/fields/NullField.js';
import NumberField from '@rjsf/core/lib/components/fields/NumberField.js';
import ObjectField from '@rjsf/core/lib/components/fields/ObjectField.js';
import SchemaField from '@rjsf/core/lib/components/fields/SchemaField.js';
import StringField from '@rjsf/core/lib/components/fields/StringField.js';
import HiddenWidget from '@rjsf/core/lib/components/widgets/HiddenWidget.js';
import TextWidget from '@rjsf/core/lib/components/widgets/TextWidget.js';
import UpDownWidget from '@rjsf/core/lib/components/widgets/UpDownWidget.js';
import { lazyPiece, lazyPieces } from './lazy-piece';

const rareButton = (
  name:
    'SubmitButton' | 'AddButton' | 'CopyButton' | 'MoveDownButton' | 'MoveUpButton' | 'RemoveButton' | 'ClearButton',
) => lazyPiece((pieces) => pieces.coreTemplates.ButtonTemplates[name], name);

// Made once: rjsf builds its registry from these on every render of a form.
const fields = {
  BooleanField,
  NullField,
  NumberField,
  ObjectField,
  SchemaField,
  StringField,
  ...lazyPieces('coreFields', [
    'AnyOfField',
    'ArrayField',
    'CyclicSchemaField',
    'FallbackField',
    'LayoutGridField',
    'LayoutHeaderField',
    'LayoutMultiSchemaField',
    'OneOfField',
    'OptionalDataControlsField',
  ]),
} as unknown as Registry['fields'];

const templates = {
  ...lazyPieces('coreTemplates', [
    'ArrayFieldDescriptionTemplate',
    'ArrayFieldItemTemplate',
    'ArrayFieldItemButtonsTemplate',
    'ArrayFieldTemplate',
    'ArrayFieldTitleTemplate',
    'BaseInputTemplate',
    'CyclicSchemaExpandTemplate',
    'DescriptionFieldTemplate',
    'ErrorListTemplate',
    'FallbackFieldTemplate',
    'FieldTemplate',
    'FieldErrorTemplate',
    'FieldHelpTemplate',
    'GridTemplate',
    'MultiSchemaFieldTemplate',
    'ObjectFieldTemplate',
    'OptionalDataControlsTemplate',
    'TitleFieldTemplate',
    'UnsupportedFieldTemplate',
    'WrapIfAdditionalTemplate',
  ]),
  ButtonTemplates: {
    SubmitButton: rareButton('SubmitButton'),
    AddButton: rareButton('AddButton'),
    CopyButton: rareButton('CopyButton'),
    MoveDownButton: rareButton('MoveDownButton'),
    MoveUpButton: rareButton('MoveUpButton'),
    RemoveButton: rareButton('RemoveButton'),
    ClearButton: rareButton('ClearButton'),
  },
} as unknown as Registry['templates'];

const widgets = {
  HiddenWidget,
  TextWidget,
  UpDownWidget,
  ...lazyPieces('coreWidgets', [
    'AltDateWidget',
    'AltDateTimeWidget',
    'CheckboxWidget',
    'CheckboxesWidget',
    'ColorWidget',
    'DateWidget',
    'DateTimeWidget',
    'EmailWidget',
    'FileWidget',
    'PasswordWidget',
    'RadioWidget',
    'RangeWidget',
    'RatingWidget',
    'SelectWidget',
    'TextareaWidget',
    'TimeWidget',
    'URLWidget',
  ]),
} as unknown as Registry['widgets'];

export default function getDefaultRegistry(): Omit<Registry, 'schemaUtils'> {
  return {
    fields,
    templates,
    widgets,
    rootSchema: {},
    formContext: {},
    translateString: englishStringTranslator,
    globalFormOptions: {
      idPrefix: DEFAULT_ID_PREFIX,
      idSeparator: DEFAULT_ID_SEPARATOR,
      useFallbackUiForUnsupportedType: false,
    },
  };
}
