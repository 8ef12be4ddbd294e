import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Link, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { LoadingText } from '../../../shared/components/loading-text';
import { apiErrorMessage, openDraftsQuery, versionQuery } from '../api/definitions-api';
import { formName } from '../format';
import { formOfPath, formsOf, isGoldenOrderPath } from '../tree-paths';

/** Every form of the published version: its files, its golden orders, and the open drafts that change it. */
export function FormsPanel({ publishedVersionId }: { publishedVersionId: number }) {
  const version = useQuery(versionQuery(publishedVersionId));
  const drafts = useQuery(openDraftsQuery());
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
        <Table size="small" aria-labelledby="forms-heading" data-testid="forms-table">
          <TableHead>
            <TableRow>
              <TableCell component="th">Form</TableCell>
              <TableCell component="th">Published version</TableCell>
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
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Shared pieces (prices, personal info, walls) belong to every form that includes them; a draft that changes one
        lists it by its folder.
      </Typography>
    </Paper>
  );
}
