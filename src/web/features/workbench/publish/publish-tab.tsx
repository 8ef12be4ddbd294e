import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Divider, Link, Stack, TextField, Typography } from '@mui/material';
import { LoadingText } from '../../../shared/components/loading-text';
import { apiErrorMessage, draftDiffQuery, publishDraft, workbenchKeys } from '../api/definitions-api';
import { ChecksDetails, checksVerdict } from '../checks/checks-summary';
import { SemanticDiffView } from '../diff/semantic-diff-view';
import type { DraftWorkspaceHandle } from '../draft/use-draft-workspace';
import { roleReasons, useWorkbenchRoles } from '../workbench-roles';
import { ImpactPanel } from './impact-panel';

/** Why Publish is disabled, each reason a sentence; empty when it may be pressed. */
export function publishBlockers(workspace: DraftWorkspaceHandle, canPublish: boolean): string[] {
  const reasons: string[] = [];
  const draft = workspace.draft;
  if (draft && draft.status !== 'open') reasons.push(`The draft is ${draft.status}.`);
  if (!canPublish) reasons.push(roleReasons.publish);
  if (workspace.dirtyPaths.length > 0)
    reasons.push(
      `${workspace.dirtyPaths.length === 1 ? '1 file has' : `${workspace.dirtyPaths.length} files have`} unsaved changes: save them first (the checks run on what is saved).`,
    );
  if (!workspace.checks) reasons.push('The checks have not answered yet.');
  else if (!workspace.checks.ok) reasons.push(`${checksVerdict(workspace.checks)}.`);
  if (draft && draft.changes.length === 0) reasons.push('The draft changes nothing yet.');
  return reasons;
}

/** Publish: the draft's diff, its impact on stored orders, the checks, a note, and Publish (publishers only). */
export function PublishTab({ workspace }: { workspace: DraftWorkspaceHandle }) {
  const roles = useWorkbenchRoles();
  const draft = workspace.draft!;
  const diff = useQuery(draftDiffQuery(draft.id, draft.revision));
  const [note, setNote] = useState('');
  const queryClient = useQueryClient();
  const publish = useMutation({
    mutationFn: () => publishDraft(draft.id, note.trim()),
    onSuccess: (outcome) => {
      void queryClient.invalidateQueries({ queryKey: workbenchKeys.all });
      void workspace.refresh();
      return outcome;
    },
  });
  const blockers = publishBlockers(workspace, roles.canPublish);
  const outcome = publish.data;
  return (
    <Stack spacing={3}>
      <Box component="section" aria-labelledby="draft-diff-heading">
        <Typography id="draft-diff-heading" component="h3" variant="h3" sx={{ fontSize: '1.2rem', mb: 1 }}>
          What this draft changes (against version {draft.baseVersionId})
        </Typography>
        {diff.isPending ? (
          <LoadingText label="Comparing…" />
        ) : diff.isError ? (
          <Alert severity="error">{apiErrorMessage(diff.error)}</Alert>
        ) : (
          <SemanticDiffView diff={diff.data} />
        )}
      </Box>
      <Divider />
      <ImpactPanel draftId={draft.id} revision={draft.revision} canStart={roles.canEdit && draft.status === 'open'} />
      <Divider />
      <Box component="section" aria-labelledby="draft-checks-heading">
        <Typography id="draft-checks-heading" component="h3" variant="h3" sx={{ fontSize: '1.2rem', mb: 1 }}>
          Checks and golden orders
        </Typography>
        {workspace.checks ? <ChecksDetails checks={workspace.checks} /> : <LoadingText />}
      </Box>
      <Divider />
      <Box component="section" aria-labelledby="publish-heading">
        <Typography id="publish-heading" component="h3" variant="h3" sx={{ fontSize: '1.2rem', mb: 1 }}>
          Publish
        </Typography>
        <Stack spacing={1} sx={{ maxWidth: 640 }}>
          <TextField
            label="Note for the version (what and why)"
            multiline
            minRows={2}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
            disabled={draft.status !== 'open'}
          />
          <Box>
            <Button
              variant="contained"
              disabled={blockers.length > 0 || publish.isPending}
              aria-describedby={blockers.length > 0 ? 'publish-blockers' : undefined}
              onClick={() => publish.mutate()}
            >
              {publish.isPending ? 'Publishing…' : 'Publish'}
            </Button>
          </Box>
          {blockers.length > 0 && (
            <Box id="publish-blockers" data-testid="publish-blockers">
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                Publish is disabled:
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 3 }}>
                {blockers.map((reason) => (
                  <Typography component="li" variant="body2" key={reason}>
                    {reason}
                  </Typography>
                ))}
              </Box>
            </Box>
          )}
          {publish.isError && <Alert severity="error">{apiErrorMessage(publish.error)}</Alert>}
          {outcome?.kind === 'refused' && <Alert severity="error">Not published: {outcome.message}</Alert>}
          {outcome?.kind === 'published' && (
            <Alert severity="success">
              Published as version {outcome.answer.version.id}. Dealers get it on their next page load.{' '}
              <Link component={RouterLink} to="/Staff/Definitions">
                Back to Definitions
              </Link>
            </Alert>
          )}
        </Stack>
      </Box>
    </Stack>
  );
}
