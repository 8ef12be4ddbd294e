/**
 * Renaming a field (a preview of every file it changes, then one edit per file) and deleting one (its uses listed
 * first, then a confirmation).
 */
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  TextField,
} from '@mui/material';
import { useId, useMemo, useState } from 'react';
import type { Rule } from '../../../../engine/index';
import type { EditorModel } from './editor-model';
import { deleteField, findFieldUses, renameField } from './model/field-references';
import type { FieldNode } from './model/field-tree';
import { ruleName } from './model/rule-edits';
import { isPlainObject, readJsonFile } from './model/tree-files';

export function RenameFieldDialog({
  model,
  field,
  onClose,
  onRenamed,
}: {
  model: EditorModel;
  field: FieldNode;
  onClose: () => void;
  onRenamed: (path: string) => void;
}) {
  const oldKey = field.path.split('.').at(-1) ?? field.path;
  const [name, setName] = useState(oldKey);
  const titleId = useId();
  const result = useMemo(
    () => (name === oldKey ? undefined : renameField(model.files, model.form, field.path, name)),
    [model.files, model.form, field.path, name, oldKey],
  );
  const label = `Rename ${field.path} to ${name}`;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Rename {field.label}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>
          The new name replaces {field.path} in the schema, the page layout, every rule, label and golden order of{' '}
          {model.form}.
        </DialogContentText>
        <TextField
          autoFocus
          label="New field name"
          value={name}
          onChange={(event) => setName(event.target.value.trim())}
          error={Boolean(result?.refused)}
          helperText={result?.refused}
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
        {result && !result.refused && (
          <List dense aria-label="Files the rename changes">
            {result.changed.map((change) => (
              <ListItem key={change.path} disableGutters>
                <ListItemText
                  primary={change.path}
                  secondary={`${change.count} reference${change.count > 1 ? 's' : ''}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!result || Boolean(result.refused) || result.changed.length === 0}
          onClick={() => {
            if (!result) return;
            model.apply(
              result.changed.map((change) => ({ path: change.path, content: result.files[change.path], label })),
            );
            onRenamed(field.path.split('.').slice(0, -1).concat(name).join('.'));
            onClose();
          }}
        >
          Rename
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A pointer in a file as a reader knows it: `rule show:gutterOption (when)` for a rule, else the pointer. */
function describePlace(files: EditorModel['files'], file: string, pointer: string): string {
  const match = /^\/rules\/(\d+)(\/.*)?$/.exec(pointer);
  if (!match) return pointer;
  const rules = readJsonFile(files, file);
  const rule =
    isPlainObject(rules) && Array.isArray(rules.rules)
      ? (rules.rules[Number(match[1])] as Rule | undefined)
      : undefined;
  return `rule ${rule ? ruleName(rule) : Number(match[1]) + 1}${match[2] ? ` (${match[2].slice(1)})` : ''}`;
}

export function DeleteFieldDialog({
  model,
  field,
  onClose,
}: {
  model: EditorModel;
  field: FieldNode;
  onClose: () => void;
}) {
  const titleId = useId();
  const uses = useMemo(() => findFieldUses(model.files, model.form, field.path), [model.files, model.form, field.path]);
  const result = useMemo(() => deleteField(model.files, model.form, field.path), [model.files, model.form, field.path]);
  const others = uses.filter(
    (use) => !/\/(schema|ui)\.json$/.test(use.file) || use.pointers.some((p) => p.startsWith('/rules')),
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>Delete {field.label}?</DialogTitle>
      {/* Focusable so a keyboard can scroll a long list of uses. */}
      <DialogContent tabIndex={0} sx={{ display: 'grid', gap: 2 }}>
        {result.refused && <Alert severity="error">{result.refused}</Alert>}
        <DialogContentText>
          Deleting removes {field.path} from the schema, the page layout and the labels. These places use it and are
          left as they are: change them too, or the checks will name them.
        </DialogContentText>
        <List dense aria-label={`Uses of ${field.path}`}>
          {others.map((use) => (
            <ListItem key={use.file} disableGutters sx={{ display: 'block' }}>
              <ListItemText
                primary={`${use.file}${use.isShared ? ' (a piece other forms include too)' : ''}`}
                secondary={use.pointers.map((pointer) => describePlace(model.files, use.file, pointer)).join('; ')}
              />
            </ListItem>
          ))}
          {others.length === 0 && <ListItem disableGutters>No rule or golden order uses it.</ListItem>}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Keep it
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={Boolean(result.refused)}
          onClick={() => {
            model.apply(
              result.changed.map((change) => ({
                path: change.path,
                content: result.files[change.path],
                label: `Delete field ${field.path}`,
              })),
            );
            onClose();
          }}
        >
          Delete {field.path}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
