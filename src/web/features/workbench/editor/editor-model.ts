/** What every panel of the rules editor reads: the form merged from the draft's files, and how to change a file. */
import { useMemo } from 'react';
import type { Problem } from '../../../../engine/index';
import type { ConditionScope } from './model/condition-logic';
import { scopeVariables } from './model/scope-variables';
import { buildFieldTree, fieldKey, listFields, type FieldInfo, type FieldNode } from './model/field-tree';
import { mergeForm, priceTableNames, type MergedForm } from './model/merged-form';
import type { FileEdit } from './model/rule-edits';
import type { TreeFiles } from './model/tree-files';
import type { CompletionVocabulary } from './codemirror/definition-completion';
import type { Rule } from '../../../../engine/index';

export interface EditorModel {
  files: TreeFiles;
  form: string;
  merged: MergedForm;
  tree: FieldNode[];
  fields: FieldInfo[];
  priceTables: string[];
  readOnly: boolean;
  /** Writes the edits (one undo step when the shell groups them by label). */
  apply: (edits: FileEdit | readonly FileEdit[] | undefined) => void;
  /** The problems of a file at a JSON pointer or under it. */
  problemsAt: (file: string, pointer: string) => Problem[];
  onOpenFile?: (path: string) => void;
}

/** Problems name files relative to the repository (`definitions/...`), sometimes with a leading `./`. */
const samePath = (a: string, b: string) => a.replace(/^\.\//, '') === b.replace(/^\.\//, '');

export function useEditorModel(options: {
  files: TreeFiles;
  form: string;
  problems: readonly Problem[];
  readOnly: boolean;
  apply: EditorModel['apply'];
  onOpenFile?: (path: string) => void;
}): EditorModel {
  const { files, form, problems, readOnly, apply, onOpenFile } = options;
  const merged = useMemo(() => mergeForm(files, form), [files, form]);
  const tree = useMemo(() => buildFieldTree(merged), [merged]);
  const fields = useMemo(() => listFields(merged), [merged]);
  const priceTables = useMemo(() => priceTableNames(merged), [merged]);
  const problemsAt = useMemo(
    () => (file: string, pointer: string) =>
      problems.filter(
        (problem) =>
          samePath(problem.file, file) && (problem.path === pointer || problem.path.startsWith(`${pointer}/`)),
      ),
    [problems],
  );
  return useMemo(
    () => ({ files, form, merged, tree, fields, priceTables, readOnly, apply, problemsAt, onOpenFile }),
    [files, form, merged, tree, fields, priceTables, readOnly, apply, problemsAt, onOpenFile],
  );
}

/** The field a rule is about (its path, or what its onChange watches), for the choices `$value` offers. */
export function subjectOf(rule: Rule, fields: readonly FieldInfo[]): FieldInfo | undefined {
  const record = rule as unknown as Record<string, unknown>;
  const path = typeof record.path === 'string' ? record.path : typeof record.of === 'string' ? record.of : undefined;
  return path === undefined ? undefined : fields.find((field) => fieldKey(field.path) === fieldKey(path));
}

/** The condition builder's scope for a rule: the form's fields, the rule's scope variables, the named conditions. */
export function scopeFor(model: EditorModel, rule: Rule | undefined): ConditionScope {
  const extra = scopeVariables(rule?.kind ?? '', rule ? subjectOf(rule, model.fields) : undefined);
  return { fields: [...model.fields, ...extra], conditions: Object.keys(model.merged.conditions) };
}

/** What the JSON editor completes for a rule. */
export function vocabularyFor(model: EditorModel, rule: Rule | undefined): CompletionVocabulary {
  const scope = scopeFor(model, rule);
  return { fields: scope.fields, conditions: scope.conditions, priceTables: model.priceTables };
}
