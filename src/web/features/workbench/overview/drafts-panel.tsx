import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { TableScroller } from './table-scroller';
import { useSnackbar } from 'notistack';
import { LoadingText } from '../../../shared/components/loading-text';
import {
  apiErrorMessage,
  discardDraft,
  draftQuery,
  openDraft,
  openDraftsQuery,
  workbenchKeys,
  type Draft,
} from '../api/definitions-api';
import { ChecksSummary } from '../checks/checks-summary';
import { formatSince, formatWhen } from '../format';
import { NoteDialog } from '../note-dialog';
import { pieceOfPath } from '../tree-paths';
import { roleReasons, useWorkbenchRoles } from '../workbench-roles';

/** Open drafts: who opened each, since when, what it touches and whether its checks pass; open or discard one. */
export function DraftsPanel() {
  const roles = useWorkbenchRoles();
  const drafts = useQuery(openDraftsQuery());
  const checks = useQueries({ queries: (drafts.data ?? []).map((draft) => draftQuery(draft.id)) });
  const [isOpening, setIsOpening] = useState(false);
  const [discarding, setDiscarding] = useState<Draft | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();

  const open = useMutation({
    mutationFn: openDraft,
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: workbenchKeys.all });
      void navigate(`/Staff/Definitions/drafts/${answer.draft.id}`);
    },
  });
  const discard = useMutation({
    mutationFn: discardDraft,
    onSuccess: (draft) => {
      setDiscarding(null);
      enqueueSnackbar(`Draft ${draft.id} discarded`, { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: workbenchKeys.all });
    },
  });

  return (
    <Paper variant="outlined" component="section" aria-labelledby="drafts-heading" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography id="drafts-heading" variant="h2" sx={{ fontSize: '1.3rem' }}>
          Open drafts
        </Typography>
        <Stack sx={{ alignItems: 'flex-end' }}>
          <Button
            variant="contained"
            disabled={!roles.canEdit}
            onClick={() => setIsOpening(true)}
            aria-describedby={roles.canEdit ? undefined : 'open-draft-reason'}
          >
            Open a new draft
          </Button>
          {!roles.canEdit && (
            <Typography id="open-draft-reason" variant="body2" color="text.secondary">
              {roleReasons.edit}
            </Typography>
          )}
        </Stack>
      </Stack>
      {drafts.isError && <Alert severity="error">{apiErrorMessage(drafts.error)}</Alert>}
      {drafts.isPending ? (
        <LoadingText />
      ) : drafts.data && drafts.data.length === 0 ? (
        <Typography>No open drafts. Open one to change rules or prices.</Typography>
      ) : (
        <TableScroller labelledBy="drafts-heading">
          <Table size="small" aria-labelledby="drafts-heading">
            <TableHead>
              <TableRow>
                <TableCell component="th">Draft</TableCell>
                <TableCell component="th">Opened by</TableCell>
                <TableCell component="th">Since</TableCell>
                <TableCell component="th">Changes</TableCell>
                <TableCell component="th">Checks</TableCell>
                <TableCell component="th">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(drafts.data ?? []).map((draft, index) => {
                const touched = [...new Set(draft.changes.map((change) => pieceOfPath(change.path)))];
                return (
                  <TableRow key={draft.id} data-testid={`draft-row-${draft.id}`}>
                    <TableCell>
                      <strong>Draft {draft.id}</strong>
                      {draft.note ? `: ${draft.note}` : ''}
                      <Typography variant="body2" color="text.secondary">
                        on version {draft.baseVersionId}
                      </Typography>
                    </TableCell>
                    <TableCell>{draft.author}</TableCell>
                    <TableCell title={formatWhen(draft.createdAt)}>
                      {formatSince(draft.createdAt)}
                      <Typography variant="body2" color="text.secondary">
                        last change {formatSince(draft.updatedAt)}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      {draft.changes.length === 0
                        ? 'no changes yet'
                        : `${draft.changes.length} file${draft.changes.length === 1 ? '' : 's'}: ${touched.join(', ')}`}
                    </TableCell>
                    <TableCell>
                      {checks[index]?.isError ? (
                        <Typography color="error">{apiErrorMessage(checks[index].error)}</Typography>
                      ) : (
                        <ChecksSummary checks={checks[index]?.data?.checks} />
                      )}
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1}>
                        <Button
                          component={RouterLink}
                          to={`/Staff/Definitions/drafts/${draft.id}`}
                          variant="outlined"
                          size="small"
                          aria-label={`Open draft ${draft.id}`}
                        >
                          Open
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          disabled={!roles.canEdit}
                          title={roles.canEdit ? undefined : roleReasons.edit}
                          onClick={() => setDiscarding(draft)}
                          aria-label={`Discard draft ${draft.id}`}
                        >
                          Discard
                        </Button>
                      </Stack>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableScroller>
      )}
      {isOpening && (
        <NoteDialog
          title="Open a new draft"
          noteLabel="What is this draft for?"
          confirmLabel="Open draft"
          busy={open.isPending}
          error={open.isError ? apiErrorMessage(open.error) : null}
          onConfirm={(note) => open.mutate(note)}
          onClose={() => setIsOpening(false)}
        >
          <Typography>
            A draft starts from the published version. Nothing a dealer sees changes until the draft is published.
          </Typography>
        </NoteDialog>
      )}
      {discarding && (
        <Dialog open onClose={() => setDiscarding(null)} aria-labelledby="discard-title">
          <DialogTitle id="discard-title">Discard draft {discarding.id}?</DialogTitle>
          <DialogContent>
            <DialogContentText>
              Its {discarding.changes.length} changed file{discarding.changes.length === 1 ? '' : 's'} will be dropped.
              The audit log keeps that it existed.
            </DialogContentText>
            {discard.isError && <Alert severity="error">{apiErrorMessage(discard.error)}</Alert>}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDiscarding(null)} autoFocus>
              Keep it
            </Button>
            <Button color="error" variant="contained" onClick={() => discard.mutate(discarding.id)}>
              Discard draft
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Paper>
  );
}
