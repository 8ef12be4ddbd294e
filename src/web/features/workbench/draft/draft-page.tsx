import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { Alert, Box, Button, Link, Stack, Tab, Tabs, Typography } from '@mui/material';
import { usePageTitle } from '../../../shared/components/use-page-title';
import { LoadingText } from '../../../shared/components/loading-text';
import { ChecksSummary } from '../checks/checks-summary';
import { formatSince, formatWhen } from '../format';
import { PricesTab } from '../prices/prices-tab';
import { PublishTab } from '../publish/publish-tab';
import { roleReasons, useWorkbenchRoles } from '../workbench-roles';
import { ConflictDialog } from './conflict-dialog';
import { fileName } from './draft-workspace';
import { FormsTab } from './forms-tab';
import { useDraftWorkspace, type DraftWorkspaceHandle } from './use-draft-workspace';
import { useUndoRedoKeys } from './use-undo-redo-keys';

const tabs = [
  { id: 'forms', label: 'Forms' },
  { id: 'prices', label: 'Prices' },
  { id: 'publish', label: 'Publish' },
] as const;
type TabId = (typeof tabs)[number]['id'];

/** /Staff/Definitions/drafts/:id: the draft's header, undo/redo and save, and its Forms, Prices and Publish tabs. */
export function DraftPage() {
  const params = useParams();
  const draftId = Number(params.id);
  if (!Number.isInteger(draftId) || draftId < 1) {
    return (
      <Alert severity="error">
        “{params.id}” is not a draft number.{' '}
        <Link component={RouterLink} to="/Staff/Definitions">
          Back to Definitions
        </Link>
      </Alert>
    );
  }
  return <DraftWorkspacePage draftId={draftId} />;
}

function DraftWorkspacePage({ draftId }: { draftId: number }) {
  usePageTitle(`Draft ${draftId} | Definitions`);
  const workspace = useDraftWorkspace(draftId);
  const roles = useWorkbenchRoles();
  const [search, setSearch] = useSearchParams();
  const tab: TabId = tabs.some((t) => t.id === search.get('tab')) ? (search.get('tab') as TabId) : 'forms';
  useUndoRedoKeys(workspace);

  if (workspace.status === 'loading') return <LoadingText label={`Loading draft ${draftId}…`} />;
  if (workspace.status === 'error' || !workspace.draft)
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h1">Draft {draftId}</Typography>
        <Alert severity="error">{workspace.loadError ?? 'The draft could not be loaded.'}</Alert>
        <Button component={RouterLink} to="/Staff/Definitions">
          Back to Definitions
        </Button>
      </Stack>
    );

  const draft = workspace.draft;
  const isOpen = draft.status === 'open';
  const isReadOnly = !isOpen || !roles.canEdit;
  return (
    <Stack spacing={2}>
      <Link component={RouterLink} to="/Staff/Definitions" sx={{ alignSelf: 'flex-start' }}>
        ← Definitions
      </Link>
      <Box component="header">
        <Typography variant="h1" sx={{ fontSize: '1.8rem' }}>
          Draft {draft.id}
          {draft.note ? `: ${draft.note}` : ''}
        </Typography>
        <Typography color="text.secondary" data-testid="draft-header">
          On version {draft.baseVersionId} · opened by {draft.author} {formatSince(draft.createdAt)} (
          {formatWhen(draft.createdAt)}) · {draft.changes.length} file{draft.changes.length === 1 ? '' : 's'} changed ·
          revision {draft.revision}
        </Typography>
        <Box sx={{ mt: 1 }} data-testid="draft-checks">
          <ChecksSummary checks={workspace.checks} />
        </Box>
      </Box>
      {!isOpen && (
        <Alert severity="info">
          This draft is {draft.status}
          {draft.publishedVersionId ? ` (version ${draft.publishedVersionId})` : ''}: it can be read, not changed.
        </Alert>
      )}
      {isOpen && !roles.canEdit && <Alert severity="info">You can read this draft. {roleReasons.edit}</Alert>}
      <EditBar workspace={workspace} isReadOnly={isReadOnly} />
      {workspace.restoredPaths.length > 0 && (
        <Alert severity="info" onClose={() => workspace.dismissRestored()}>
          Unsaved changes from your last visit were restored from this browser:{' '}
          {workspace.restoredPaths.map(fileName).join(', ')}. Save them or undo them.
        </Alert>
      )}
      {workspace.saveError && <Alert severity="error">{workspace.saveError}</Alert>}
      {workspace.problems.length > 0 && (
        <Alert severity="warning">
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {workspace.problems.map((problem, index) => (
              <li key={index}>
                {fileName(problem.path)}: {problem.message}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      <Tabs
        value={tab}
        onChange={(_event, value: TabId) => setSearch({ tab: value }, { replace: true })}
        aria-label="Draft parts"
      >
        {tabs.map((t) => (
          <Tab key={t.id} value={t.id} label={t.label} id={`draft-tab-${t.id}`} aria-controls={`draft-panel-${t.id}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`draft-panel-${tab}`} aria-labelledby={`draft-tab-${tab}`}>
        {tab === 'forms' && <FormsTab workspace={workspace} isReadOnly={isReadOnly} />}
        {tab === 'prices' && <PricesTab workspace={workspace} isReadOnly={isReadOnly} />}
        {tab === 'publish' && <PublishTab workspace={workspace} />}
      </Box>
      {workspace.conflicts[0] && (
        <ConflictDialog
          conflict={workspace.conflicts[0]}
          busy={workspace.saving}
          onKeepMine={() => void workspace.resolveConflict(workspace.conflicts[0].path, 'mine')}
          onTakeTheirs={() => void workspace.resolveConflict(workspace.conflicts[0].path, 'theirs')}
        />
      )}
    </Stack>
  );
}

/** Undo, redo and save, with what each would do; the state of the save announced politely. */
function EditBar({ workspace, isReadOnly }: { workspace: DraftWorkspaceHandle; isReadOnly: boolean }) {
  const dirty = workspace.dirtyPaths.length;
  const status = workspace.saving
    ? 'Saving and checking…'
    : dirty > 0
      ? `${dirty} file${dirty === 1 ? '' : 's'} with unsaved changes (kept in this browser until saved)`
      : 'All changes saved';
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
      role="toolbar"
      aria-label="Draft edits"
    >
      <Button
        variant="outlined"
        onClick={() => workspace.undo()}
        disabled={!workspace.canUndo}
        title={workspace.undoLabel ? `Undo ${workspace.undoLabel} (Ctrl+Z)` : 'Nothing to undo'}
      >
        Undo
      </Button>
      <Button
        variant="outlined"
        onClick={() => workspace.redo()}
        disabled={!workspace.canRedo}
        title={workspace.redoLabel ? `Redo ${workspace.redoLabel} (Ctrl+Shift+Z)` : 'Nothing to redo'}
      >
        Redo
      </Button>
      <Button
        variant="contained"
        onClick={() => void workspace.save()}
        disabled={isReadOnly || dirty === 0 || workspace.saving}
      >
        Save{dirty > 0 ? ` (${dirty})` : ''}
      </Button>
      <Typography role="status" aria-live="polite" variant="body2" data-testid="save-status">
        {status}
        {workspace.undoLabel ? ` · last change: ${workspace.undoLabel}` : ''}
      </Typography>
    </Stack>
  );
}
