import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Chip, Collapse, Paper, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { LoadingText } from '../../../shared/components/loading-text';
import { apiErrorMessage, rollbackTo, versionDiffQuery, workbenchKeys, type Version } from '../api/definitions-api';
import { checksVerdict } from '../checks/checks-summary';
import { SemanticDiffView } from '../diff/semantic-diff-view';
import { describeOrigin, formatWhen } from '../format';
import { NoteDialog } from '../note-dialog';
import { roleReasons, useWorkbenchRoles } from '../workbench-roles';

/** The version history, newest first: what each version changed against its parent, and rollback (publishers). */
export function HistoryPanel({ versions }: { versions: Version[] }) {
  const [rollingBack, setRollingBack] = useState<Version | null>(null);
  const roles = useWorkbenchRoles();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const rollback = useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) => rollbackTo(id, note),
    onSuccess: (outcome) => {
      if (outcome.kind !== 'published') return;
      setRollingBack(null);
      enqueueSnackbar(`Version ${outcome.answer.version.id} published: the content of version ${rollingBack?.id}`, {
        variant: 'success',
      });
      void queryClient.invalidateQueries({ queryKey: workbenchKeys.all });
    },
  });
  const refusal =
    rollback.data?.kind === 'refused'
      ? `${rollback.data.message}${rollback.data.refusal ? ` (${checksVerdict(rollback.data.refusal.checks)})` : ''}`
      : rollback.isError
        ? apiErrorMessage(rollback.error)
        : null;

  return (
    <Paper variant="outlined" component="section" aria-labelledby="history-heading" sx={{ p: 2 }}>
      <Typography id="history-heading" variant="h2" sx={{ fontSize: '1.3rem', mb: 1 }}>
        Version history
      </Typography>
      {!roles.canPublish && (
        <Typography variant="body2" color="text.secondary" id="rollback-reason" sx={{ mb: 1 }}>
          Roll back is disabled for you: {roleReasons.publish}
        </Typography>
      )}
      <Stack component="ol" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {versions.map((version) => (
          <VersionItem
            key={version.id}
            version={version}
            canRollBack={roles.canPublish}
            onRollBack={() => {
              rollback.reset();
              setRollingBack(version);
            }}
          />
        ))}
      </Stack>
      {rollingBack && (
        <NoteDialog
          title={`Roll back to version ${rollingBack.id}?`}
          noteLabel="Why roll back?"
          confirmLabel={`Roll back to version ${rollingBack.id}`}
          isNoteRequired
          busy={rollback.isPending}
          error={refusal}
          onConfirm={(note) => rollback.mutate({ id: rollingBack.id, note })}
          onClose={() => setRollingBack(null)}
        >
          <Typography>
            The content of version {rollingBack.id} ({formatWhen(rollingBack.createdAt)}, by {rollingBack.author}) is
            published again as a new version, after the same checks as a publish. Dealers get it on their next page
            load; drafts stay open.
          </Typography>
        </NoteDialog>
      )}
    </Paper>
  );
}

function VersionItem({
  version,
  canRollBack,
  onRollBack,
}: {
  version: Version;
  canRollBack: boolean;
  onRollBack(): void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const parent = version.parentId;
  const diff = useQuery({ ...versionDiffQuery(parent ?? version.id, version.id), enabled: isOpen && parent !== null });
  const diffId = `version-${version.id}-changes`;
  const failsId = `version-${version.id}-fails`;
  const fails = version.checks?.ok === false;
  return (
    <Box
      component="li"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
      data-testid={`version-${version.id}`}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
              Version {version.id}
            </Typography>
            {version.isPublished && <Chip size="small" color="primary" label="Published now" />}
            {version.checks?.ok === false && <Chip size="small" color="error" label="Fails this build's checks" />}
          </Stack>
          <Typography variant="body2">
            {describeOrigin(version)}
            {version.rolledBackTo ? ` (the content of version ${version.rolledBackTo})` : ''}
            {version.fromDraftId ? ` from draft ${version.fromDraftId}` : ''}
          </Typography>
          {version.note && <Typography variant="body2">“{version.note}”</Typography>}
          {version.checks?.ok === false && (
            <Box component="ul" id={failsId} sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
              {version.checks.problems.map((problem) => (
                <Typography component="li" variant="body2" color="error" key={problem}>
                  {problem}
                </Typography>
              ))}
            </Box>
          )}
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          {parent !== null && (
            <Button
              size="small"
              variant="outlined"
              aria-expanded={isOpen}
              aria-controls={diffId}
              onClick={() => setIsOpen((open) => !open)}
            >
              {isOpen ? 'Hide changes' : `Changes since version ${parent}`}
            </Button>
          )}
          <Button
            size="small"
            variant="outlined"
            color="warning"
            disabled={!canRollBack || version.isPublished || fails}
            aria-describedby={!canRollBack ? 'rollback-reason' : fails ? failsId : undefined}
            title={
              version.isPublished
                ? 'This version is published now'
                : !canRollBack
                  ? roleReasons.publish
                  : fails
                    ? "Its content fails this build's checks: it cannot be published again"
                    : undefined
            }
            onClick={onRollBack}
          >
            Roll back to version {version.id}
          </Button>
        </Stack>
      </Stack>
      <Collapse in={isOpen} unmountOnExit>
        <Box id={diffId} sx={{ mt: 1 }}>
          {diff.isPending ? (
            <LoadingText label="Comparing versions…" />
          ) : diff.isError ? (
            <Alert severity="error">{apiErrorMessage(diff.error)}</Alert>
          ) : (
            diff.data && <SemanticDiffView diff={diff.data} />
          )}
        </Box>
      </Collapse>
    </Box>
  );
}
