/**
 * The rule editor on a draft (the Forms tab's editor slot, its own lazy chunk): FormRulesEditor reading the draft's
 * files and writing every change into the draft workspace, so Undo/Redo, Save and the proof see it.
 */
import { useCallback } from 'react';
import type { Problem } from '../../../../engine/index';
import type { DraftFormEditorProps } from '../form/form-workbench-slots';
import { FormRulesEditor } from './form-rules-editor';

const NO_PROBLEMS: readonly Problem[] = [];

export function DraftFormEditor({
  workspace,
  form,
  files,
  isReadOnly,
  selectedField,
  onSelectField,
  problems,
}: DraftFormEditorProps) {
  const { writeFile, writeFiles } = workspace;
  const onChangeFile = useCallback(
    (path: string, content: string, label: string) => writeFile(path, content, label),
    [writeFile],
  );
  // A rename touches rules, ui and golden orders: one undo step for all of them.
  const onChangeFiles = useCallback(
    (changes: readonly { path: string; content: string }[], label: string) => writeFiles(changes, label),
    [writeFiles],
  );
  // The proof's last check when it has run one, else the server's checks of the draft as saved (the engine's problems
  // as JSON: the contract types `check` as any string).
  const shown =
    problems.length > 0
      ? problems
      : ((workspace.checks?.staticChecks.problems as readonly Problem[] | undefined) ?? NO_PROBLEMS);
  return (
    <FormRulesEditor
      files={files}
      form={form}
      onChangeFile={onChangeFile}
      onChangeFiles={onChangeFiles}
      problems={shown}
      selectedField={selectedField}
      onSelectField={onSelectField}
      readOnly={isReadOnly}
    />
  );
}
