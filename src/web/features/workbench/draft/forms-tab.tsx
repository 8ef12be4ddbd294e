import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  List,
  ListItemButton,
  MenuItem,
  ListItemText,
  Paper,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { Checks } from '../../../../contracts/definition-versions';
import type { Problem } from '../../../../engine';
import { formName } from '../format';
import { filesOfForm, formsOf, isGoldenOrderPath } from '../tree-paths';
import { fileName, type WorkspaceFile } from './draft-workspace';
import { useDraftTree } from './use-draft-tree';
import type { DraftWorkspaceHandle } from './use-draft-workspace';

// Each part of a form's workbench is its own chunk, loaded when a form is opened (CodeMirror, the query builder and
// the golden-order worker stay out of the overview's and the prices' loads).
const DraftFormEditor = lazy(() =>
  import('../editor/draft-form-editor').then((module) => ({ default: module.DraftFormEditor })),
);
const DraftPreviewPane = lazy(() =>
  import('../preview/draft-preview-pane').then((module) => ({ default: module.DraftPreviewPane })),
);
const DraftProofPanel = lazy(() =>
  import('../proof/draft-proof-panel').then((module) => ({ default: module.DraftProofPanel })),
);

/**
 * Forms: a form picker and, for the picked form, its workbench: the golden orders' proof on top, the rule editor
 * beside the live preview, and the form's files as JSON a switch away.
 */
export function FormsTab({ workspace, isReadOnly }: { workspace: DraftWorkspaceHandle; isReadOnly: boolean }) {
  const paths = useMemo(() => workspace.files.map((file) => file.path), [workspace.files]);
  const forms = useMemo(() => formsOf(paths), [paths]);
  const [form, setForm] = useState<string | undefined>();
  const selected = form ?? forms[0];
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" component="nav" aria-label="Forms of the draft">
        <List dense component="div" sx={{ display: 'flex', flexWrap: 'wrap', p: 0.5 }}>
          {forms.map((id) => {
            const problems = problemCount(workspace.checks, id);
            return (
              <ListItemButton
                key={id}
                selected={id === selected}
                aria-current={id === selected ? 'true' : undefined}
                onClick={() => setForm(id)}
                sx={{ flex: '0 0 auto', borderRadius: 1 }}
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
      {selected && <FormWorkbench key={selected} form={selected} workspace={workspace} isReadOnly={isReadOnly} />}
    </Stack>
  );
}

/** One form's workbench: what its parts share lives here. */
function FormWorkbench({
  form,
  workspace,
  isReadOnly,
}: {
  form: string;
  workspace: DraftWorkspaceHandle;
  isReadOnly: boolean;
}) {
  const tree = useDraftTree(workspace, form);
  const [view, setView] = useState<'rules' | 'files'>('rules');
  const [selectedField, setSelectedField] = useState<string | undefined>();
  const [openedGoldenOrder, setOpenedGoldenOrder] = useState<string | undefined>();
  const [problems, setProblems] = useState<readonly Problem[]>([]);
  if (tree.status === 'error')
    return <Alert severity="error">The draft&apos;s files could not be loaded: {tree.error}</Alert>;
  if (tree.status === 'loading') return <Typography role="status">Loading {formName(form)}…</Typography>;
  const part = { workspace, form, files: tree.files, isReadOnly };
  const loading = (what: string) => <Typography role="status">Loading the {what}…</Typography>;
  return (
    <Stack spacing={2}>
      <Suspense fallback={loading('golden orders')}>
        <DraftProofPanel {...part} onOpenGoldenOrder={setOpenedGoldenOrder} onProblems={setProblems} />
      </Suspense>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={view}
        onChange={(_event, next: 'rules' | 'files' | null) => next && setView(next)}
        aria-label={`How to edit ${formName(form)}`}
      >
        <ToggleButton value="rules">Fields and rules</ToggleButton>
        <ToggleButton value="files">Files as JSON</ToggleButton>
      </ToggleButtonGroup>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 7fr) minmax(0, 5fr)' },
        }}
      >
        {view === 'rules' ? (
          <Suspense fallback={loading('rule editor')}>
            <DraftFormEditor
              {...part}
              selectedField={selectedField}
              onSelectField={setSelectedField}
              problems={problems}
            />
          </Suspense>
        ) : (
          <FormFilesPane
            form={form}
            files={workspace.files.filter((file) => filesOfForm([file.path], form).length > 0)}
            workspace={workspace}
            isReadOnly={isReadOnly}
          />
        )}
        <Suspense fallback={loading('preview')}>
          <DraftPreviewPane
            {...part}
            selectedField={selectedField}
            onSelectField={setSelectedField}
            openedGoldenOrder={openedGoldenOrder}
            onCloseGoldenOrder={() => setOpenedGoldenOrder(undefined)}
          />
        </Suspense>
      </Box>
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
  const [goldenPath, setGoldenPath] = useState<string | undefined>();
  const golden = goldenFiles.find((file) => file.path === goldenPath);
  const formSummary = checks?.staticChecks.forms.find((f) => f.form === form);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="form-files-heading"
      sx={{ p: 2, flex: 1, minWidth: 0 }}
    >
      <Typography id="form-files-heading" variant="h2" sx={{ fontSize: '1.3rem' }}>
        Files of {formName(form)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {formSummary?.rules !== undefined ? `${formSummary.rules} rules. ` : ''}
        {definitionFiles.length} definition file{definitionFiles.length === 1 ? '' : 's'}, {goldenFiles.length} golden
        order{goldenFiles.length === 1 ? '' : 's'}. Problems the saved draft&apos;s checks found are listed at their
        file; the golden orders&apos; results on the draft as it is now are above.
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
        Golden orders
      </Typography>
      <TextField
        select
        size="small"
        label="Golden order to edit as JSON"
        value={goldenPath ?? ''}
        onChange={(event) => setGoldenPath(event.target.value || undefined)}
        sx={{ minWidth: 320, maxWidth: '100%', my: 1 }}
      >
        <MenuItem value="">
          <em>None</em>
        </MenuItem>
        {goldenFiles.map((file) => (
          <MenuItem key={file.path} value={file.path}>
            {fileName(file.path)}
          </MenuItem>
        ))}
      </TextField>
      {golden && (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Golden order file">
          <FileItem
            file={golden}
            checks={checks}
            isEditing={editing === golden.path}
            isReadOnly={isReadOnly}
            onEdit={() => setEditing(editing === golden.path ? null : golden.path)}
            workspace={workspace}
          />
        </Stack>
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
  const value = text ?? current ?? '';
  // Parsed once per text: the editor re-renders on every edit of the draft, and rules.json can be long.
  const parseError = useMemo(() => parseErrorOf(value), [value]);
  // The same element while the text stays: MUI's autosizing textarea measures its whole text on every render.
  const field = useMemo(
    () => (
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
    ),
    [path, value, parseError, isReadOnly],
  );
  if (loadError) return <Alert severity="error">{loadError}</Alert>;
  if (current === undefined) return <Typography role="status">Loading {fileName(path)}…</Typography>;
  const isChanged = text !== null && text !== current;
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      {field}
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

/** Why the text is not JSON, or null when it is. */
function parseErrorOf(text: string): string | null {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}
