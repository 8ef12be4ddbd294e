import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { Checks } from '../../../../contracts/definition-versions';
import { formName } from '../format';
import { filesOfForm, formsOf, isGoldenOrderPath } from '../tree-paths';
import { fileName, type WorkspaceFile } from './draft-workspace';
import type { DraftWorkspaceHandle } from './use-draft-workspace';

/** What the rule editor (features/workbench/editor/draft-form-editor.tsx) is given for the picked form. */
export interface DraftFormEditorProps {
  workspace: DraftWorkspaceHandle;
  form: string;
  isReadOnly: boolean;
}

// The rule editor is built beside this page; while its module is absent the glob is empty and the pane below stands
// alone. Present, it is its own chunk, loaded when a form is opened.
const editorModules = import.meta.glob<{ DraftFormEditor: ComponentType<DraftFormEditorProps> }>(
  '../editor/draft-form-editor.tsx',
);
const loadEditor = Object.values(editorModules)[0];
const DraftFormEditor = loadEditor
  ? lazy(() => loadEditor().then((module) => ({ default: module.DraftFormEditor })))
  : undefined;

/**
 * Forms: a form picker and, for the picked form, the rule editor pane. Until the rule editor lands there, the pane
 * lists the form's files in the draft with their check problems and failing golden orders inline, and edits a file
 * as JSON text.
 */
export function FormsTab({ workspace, isReadOnly }: { workspace: DraftWorkspaceHandle; isReadOnly: boolean }) {
  const paths = useMemo(() => workspace.files.map((file) => file.path), [workspace.files]);
  const forms = useMemo(() => formsOf(paths), [paths]);
  const [form, setForm] = useState<string | undefined>();
  const selected = form ?? forms[0];
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Paper variant="outlined" component="nav" aria-label="Forms of the draft" sx={{ minWidth: 220 }}>
        <List dense component="div">
          {forms.map((id) => {
            const problems = problemCount(workspace.checks, id);
            return (
              <ListItemButton
                key={id}
                selected={id === selected}
                aria-current={id === selected ? 'true' : undefined}
                onClick={() => setForm(id)}
              >
                <ListItemText
                  primary={formName(id)}
                  secondary={problems > 0 ? `${problems} problem${problems === 1 ? '' : 's'}` : undefined}
                  slotProps={{ secondary: { color: 'error.dark' } }}
                />
              </ListItemButton>
            );
          })}
        </List>
      </Paper>
      {selected && DraftFormEditor && (
        <Suspense fallback={<Typography role="status">Loading the rule editor…</Typography>}>
          <DraftFormEditor key={selected} workspace={workspace} form={selected} isReadOnly={isReadOnly} />
        </Suspense>
      )}
      {selected && !DraftFormEditor && (
        <FormFilesPane
          key={selected}
          form={selected}
          files={workspace.files.filter((file) => filesOfForm([file.path], selected).length > 0)}
          workspace={workspace}
          isReadOnly={isReadOnly}
        />
      )}
    </Stack>
  );
}

/** Static problems of a form plus its failing golden orders. */
function problemCount(checks: Checks | undefined, form: string): number {
  if (!checks) return 0;
  const own = (file: string) => file.startsWith(`definitions/${form}/`) || file.startsWith(`tests/golden/${form}/`);
  return (
    checks.staticChecks.problems.filter((problem) => own(problem.file)).length +
    checks.goldenOrders.failures.filter((failure) => own(failure.file)).length
  );
}

const statusWords: Record<WorkspaceFile['draftStatus'], string> = {
  unchanged: '',
  changed: 'changed in this draft',
  added: 'new in this draft',
  deleted: 'deleted in this draft',
};

function FormFilesPane({
  form,
  files,
  workspace,
  isReadOnly,
}: {
  form: string;
  files: WorkspaceFile[];
  workspace: DraftWorkspaceHandle;
  isReadOnly: boolean;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const definitionFiles = files.filter((file) => !isGoldenOrderPath(file.path));
  const goldenFiles = files.filter((file) => isGoldenOrderPath(file.path));
  const checks = workspace.checks;
  const failures = checks?.goldenOrders.failures.filter((f) => f.file.startsWith(`tests/golden/${form}/`)) ?? [];
  const formSummary = checks?.staticChecks.forms.find((f) => f.form === form);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="rule-editor-heading"
      sx={{ p: 2, flex: 1, minWidth: 0 }}
    >
      <Typography id="rule-editor-heading" variant="h2" sx={{ fontSize: '1.3rem' }}>
        Rule editor: {formName(form)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {formSummary?.rules !== undefined ? `${formSummary.rules} rules. ` : ''}
        {definitionFiles.length} definition file{definitionFiles.length === 1 ? '' : 's'}, {goldenFiles.length} golden
        order{goldenFiles.length === 1 ? '' : 's'}. Problems the checks found are listed at their file.
      </Typography>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={`Files of ${form}`}>
        {definitionFiles.map((file) => (
          <FileItem
            key={file.path}
            file={file}
            checks={checks}
            isEditing={editing === file.path}
            isReadOnly={isReadOnly}
            onEdit={() => setEditing(editing === file.path ? null : file.path)}
            workspace={workspace}
          />
        ))}
      </Stack>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mt: 3 }}>
        Golden orders: {goldenFiles.length - failures.length} of {goldenFiles.length} pass
      </Typography>
      {failures.length > 0 ? (
        <Box component="ul" sx={{ pl: 3 }}>
          {failures.map((failure) => (
            <li key={failure.file}>
              <strong>{failure.title}</strong> ({fileName(failure.file)}): {failure.details.join('; ')}
            </li>
          ))}
        </Box>
      ) : (
        <Typography variant="body2">Every golden order of this form passes on the saved draft.</Typography>
      )}
    </Paper>
  );
}

function FileItem({
  file,
  checks,
  isEditing,
  isReadOnly,
  onEdit,
  workspace,
}: {
  file: WorkspaceFile;
  checks: Checks | undefined;
  isEditing: boolean;
  isReadOnly: boolean;
  onEdit(): void;
  workspace: DraftWorkspaceHandle;
}) {
  const problems = checks?.staticChecks.problems.filter((problem) => problem.file === file.path) ?? [];
  return (
    <Box component="li" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontFamily: 'monospace', fontWeight: 600 }}>{fileName(file.path)}</Typography>
        {statusWords[file.draftStatus] && <Chip size="small" label={statusWords[file.draftStatus]} />}
        {file.isDirty && <Chip size="small" color="warning" label="unsaved" />}
        <Box sx={{ flex: 1 }} />
        <Button size="small" onClick={onEdit} aria-expanded={isEditing}>
          {isEditing ? 'Close' : isReadOnly ? 'View JSON' : 'Edit as JSON'}
        </Button>
      </Stack>
      {problems.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 3, color: 'error.dark' }}>
          {problems.map((problem, index) => (
            <li key={index}>
              {problem.severity}: {problem.path ? `${problem.path}: ` : ''}
              {problem.reason}
            </li>
          ))}
        </Box>
      )}
      {isEditing && <JsonTextEditor path={file.path} workspace={workspace} isReadOnly={isReadOnly} />}
    </Box>
  );
}

/** A file as JSON text: applied as one undoable edit when it parses; a parse error is said at the field. */
function JsonTextEditor({
  path,
  workspace,
  isReadOnly,
}: {
  path: string;
  workspace: DraftWorkspaceHandle;
  isReadOnly: boolean;
}) {
  const current = workspace.contentOf(path);
  const [text, setText] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    if (current === undefined)
      workspace.readFile(path).catch((error: unknown) => setLoadError(String((error as Error).message ?? error)));
  }, [current, path, workspace]);
  if (loadError) return <Alert severity="error">{loadError}</Alert>;
  if (current === undefined) return <Typography role="status">Loading {fileName(path)}…</Typography>;
  const value = text ?? current ?? '';
  let parseError: string | null = null;
  try {
    JSON.parse(value);
  } catch (error) {
    parseError = (error as Error).message;
  }
  const isChanged = text !== null && text !== current;
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      <TextField
        label={`${fileName(path)} (JSON)`}
        multiline
        minRows={8}
        maxRows={24}
        value={value}
        onChange={(event) => setText(event.target.value)}
        error={parseError !== null}
        helperText={
          parseError ? `Not valid JSON: ${parseError}` : 'Apply adds the change to the draft (undo reverts it).'
        }
        slotProps={{
          htmlInput: { readOnly: isReadOnly, spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } },
        }}
      />
      {!isReadOnly && (
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            size="small"
            disabled={!isChanged || parseError !== null}
            onClick={() => {
              workspace.writeFile(path, value, `edit ${fileName(path)}`);
              setText(null);
            }}
          >
            Apply
          </Button>
          <Button size="small" disabled={!isChanged} onClick={() => setText(null)}>
            Revert typing
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
