/**
 * The rule editor of one form in a draft: the fields as a tree in the page's order, and for the selected field its
 * texts and every rule touching it (the form's own editable, included pieces read-only). Plain props, so the
 * workbench shell mounts it on the draft page; every change goes out through onChangeFile (or onChangeFiles for a
 * change of several files at once) with the file in the repo's JSON layout.
 */
import { Alert, Box, Paper, Typography } from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Problem } from '../../../../engine/index';
import { useEditorModel } from './editor-model';
import { FieldPanel } from './field-panel';
import { FieldTreeView } from './field-tree-view';
import { findField, flattenFields, type FieldNode } from './model/field-tree';
import { hasOwnRules } from './model/merged-form';
import { countRulesByField } from './model/rule-fields';
import type { FileEdit } from './model/rule-edits';
import type { TreeFiles } from './model/tree-files';

export interface FormRulesEditorProps {
  /** The draft's files: tree path (`definitions/pergola/rules.json`, `tests/golden/pergola/...`) -> text. */
  files: TreeFiles;
  /** The form id (a folder of definitions/). */
  form: string;
  /** Writes one file of the draft; `label` says what the edit did (for undo and the audit). */
  onChangeFile: (path: string, content: string, label: string) => void;
  /** Writes several files as one change (a rename); without it each goes through onChangeFile with the same label. */
  onChangeFiles?: (changes: readonly { path: string; content: string }[], label: string) => void;
  /** The draft's static-check problems; shown at the rule (and in its JSON) they point at. */
  problems?: readonly Problem[];
  /** Opens a file of the draft in the shell (an included piece's rules.json, which is read-only here). */
  onOpenFile?: (path: string) => void;
  /** The selected field (a path); uncontrolled when omitted. */
  selectedField?: string;
  onSelectField?: (path: string) => void;
  /** Nothing can be changed (a published version, a user who may not edit). */
  readOnly?: boolean;
}

const NO_PROBLEMS: readonly Problem[] = [];

export function FormRulesEditor(props: FormRulesEditorProps) {
  const { files, form, problems = NO_PROBLEMS, onOpenFile, readOnly = false } = props;
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const apply = useCallback((edits: FileEdit | readonly FileEdit[] | undefined) => {
    const list = edits === undefined ? [] : Array.isArray(edits) ? (edits as readonly FileEdit[]) : [edits as FileEdit];
    const changed = list.filter((edit) => latest.current.files[edit.path] !== edit.content);
    if (changed.length === 0) return;
    const { onChangeFile, onChangeFiles } = latest.current;
    if (changed.length > 1 && onChangeFiles)
      onChangeFiles(
        changed.map(({ path, content }) => ({ path, content })),
        changed[0].label,
      );
    else for (const edit of changed) onChangeFile(edit.path, edit.content, edit.label);
  }, []);
  const model = useEditorModel({ files, form, problems, readOnly, apply, onOpenFile });
  const [ownSelection, setOwnSelection] = useState<string | undefined>(undefined);
  const selectedPath = props.selectedField ?? ownSelection;
  const select = (path: string) => {
    setOwnSelection(path);
    props.onSelectField?.(path);
  };
  // How many rules touch each field, shown in the tree (rule paths are worked out once per rule).
  const ruleCounts = useMemo(
    () =>
      countRulesByField(
        model.merged.rules.map((entry) => entry.rule),
        flattenFields(model.tree).map((node) => node.path),
        model.merged.conditions,
      ),
    [model.tree, model.merged],
  );
  const noteOf = useCallback(
    (node: FieldNode) => {
      const count = ruleCounts.get(node.path);
      return count ? `${count} rule${count > 1 ? 's' : ''}` : undefined;
    },
    [ruleCounts],
  );
  const selected = useMemo(
    () => (selectedPath ? findField(model.tree, selectedPath) : undefined) ?? flattenFields(model.tree)[0],
    [model.tree, selectedPath],
  );

  if (!hasOwnRules(files, form))
    return (
      <Alert severity="error">
        definitions/{form}/rules.json is missing or is not JSON: open it as a file to repair it.
      </Alert>
    );

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'minmax(16rem, 22rem) 1fr' },
        alignItems: 'start',
      }}
    >
      <Paper
        variant="outlined"
        component="nav"
        aria-label={`Fields of ${form}`}
        sx={{ p: 1, maxHeight: '80vh', overflow: 'auto' }}
      >
        <Typography component="h2" variant="subtitle1" sx={{ px: 1 }}>
          Fields
        </Typography>
        <FieldTreeView
          tree={model.tree}
          selected={selected?.id}
          onSelect={(node: FieldNode) => select(node.path)}
          label={`Fields of ${form}, in page order`}
          noteOf={noteOf}
        />
      </Paper>
      <Box>
        {selected ? (
          <FieldPanel key={selected.path} model={model} field={selected} onSelectPath={select} />
        ) : (
          <Typography>The form has no fields.</Typography>
        )}
      </Box>
    </Box>
  );
}
