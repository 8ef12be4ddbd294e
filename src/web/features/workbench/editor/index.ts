/**
 * The rule editor of the definitions workbench: mount `FormRulesEditor` on the draft page (lazily: it is staff code).
 * The pure helpers are exported for the shell and for swapping in the engine's introspection.
 */
export { FormRulesEditor, type FormRulesEditorProps } from './form-rules-editor';
export {
  rulesTouchingField,
  expressionReads,
  specReferenceOf,
  type FieldRole,
  type TouchingRule,
} from './model/rule-fields';
export { renameField, findFieldUses, deleteField, type RenameResult } from './model/field-references';
export { buildFieldTree, listFields, type FieldNode, type FieldInfo } from './model/field-tree';
export { mergeForm, type MergedForm, type MergedRule } from './model/merged-form';
export { serializeTreeFile, type TreeFiles } from './model/tree-files';
