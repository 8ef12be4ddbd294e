import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Link, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { TableScroller } from './table-scroller';
import { LoadingText } from '../../../shared/components/loading-text';
import { apiErrorMessage, auditQuery, openDraftsQuery, versionQuery, type Version } from '../api/definitions-api';
import { formatWhen, formName } from '../format';
import { formOfPath, formsOf, isGoldenOrderPath } from '../tree-paths';
import { lastChangeOf } from './last-change';

/** Every form of the published version: its files, its golden orders, its last change, the open drafts changing it. */
export function FormsPanel({ publishedVersionId, versions }: { publishedVersionId: number; versions: Version[] }) {
  const version = useQuery(versionQuery(publishedVersionId));
  const drafts = useQuery(openDraftsQuery());
  const publishes = useQuery(auditQuery({ action: 'publish', limit: 1000 }));
  const changedPaths = new Map(
    (publishes.data ?? []).flatMap((entry) =>
      entry.versionId !== null && Array.isArray(entry.details.changedPaths)
        ? [[entry.versionId, entry.details.changedPaths as string[]] as const]
        : [],
    ),
  );
  const paths = Object.keys(version.data?.manifest ?? {});
  const forms = formsOf(paths);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="forms-heading" sx={{ p: 2 }}>
      <Typography id="forms-heading" variant="h2" sx={{ fontSize: '1.3rem', mb: 1 }}>
        Forms
      </Typography>
      {version.isError && <Alert severity="error">{apiErrorMessage(version.error)}</Alert>}
      {version.isPending ? (
        <LoadingText />
      ) : (
        <TableScroller labelledBy="forms-heading">
          <Table size="small" aria-labelledby="forms-heading" data-testid="forms-table">
            <TableHead>
              <TableRow>
                <TableCell component="th">Form</TableCell>
                <TableCell component="th">Published version</TableCell>
                <TableCell component="th">Last changed</TableCell>
                <TableCell component="th" align="right">
                  Files
                </TableCell>
                <TableCell component="th" align="right">
                  Golden orders
                </TableCell>
                <TableCell component="th">Open drafts changing it</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {forms.map((form) => {
                const own = paths.filter((path) => formOfPath(path) === form);
                const golden = own.filter(isGoldenOrderPath).length;
                const changing = (drafts.data ?? []).filter((draft) =>
                  draft.changes.some((change) => formOfPath(change.path) === form),
                );
                return (
                  <TableRow key={form} data-testid={`form-row-${form}`}>
                    <TableCell>
                      <strong>{formName(form)}</strong>{' '}
                      <Typography component="span" variant="body2" color="text.secondary">
                        ({form})
                      </Typography>
                    </TableCell>
                    <TableCell>version {publishedVersionId}</TableCell>
                    <TableCell>
                      {(() => {
                        const last = publishes.data ? lastChangeOf(form, versions, changedPaths) : undefined;
                        return last
                          ? `version ${last.id} (${last.source}, ${last.author}, ${formatWhen(last.createdAt)})`
                          : '';
                      })()}
                    </TableCell>
                    <TableCell align="right">{own.length - golden}</TableCell>
                    <TableCell align="right">{golden}</TableCell>
                    <TableCell>
                      {changing.length === 0
                        ? 'none'
                        : changing.map((draft, index) => (
                            <span key={draft.id}>
                              {index > 0 && ', '}
                              <Link component={RouterLink} to={`/Staff/Definitions/drafts/${draft.id}`}>
                                draft {draft.id} ({draft.author})
                              </Link>
                            </span>
                          ))}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableScroller>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Shared pieces (prices, personal info, walls) belong to every form that includes them: a change to one counts as
        a change of each form, and a draft that changes one lists it by its folder.
      </Typography>
    </Paper>
  );
}
