import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { TableScroller } from './table-scroller';
import { LoadingText } from '../../../shared/components/loading-text';
import { apiErrorMessage, auditQuery, type AuditEntry } from '../api/definitions-api';
import { formatWhen } from '../format';

const actions = [
  ['', 'Every action'],
  ['draft.open', 'Draft opened'],
  ['draft.put-file', 'File saved in a draft'],
  ['draft.delete-file', 'File deleted in a draft'],
  ['draft.discard', 'Draft discarded'],
  ['publish', 'Published'],
  ['publish.refused', 'Publish refused'],
  ['rollback', 'Rolled back'],
  ['rollback.refused', 'Rollback refused'],
  ['deployment', 'Deployed'],
] as const;

const actionWords = Object.fromEntries(actions) as Record<string, string>;

/** What an entry's details say, briefly (failing orders of a refusal, the paths a publish changed). */
function detailText(entry: AuditEntry): string {
  const details = entry.details;
  const parts: string[] = [];
  if (Array.isArray(details.failingOrders) && details.failingOrders.length > 0)
    parts.push(`failing: ${details.failingOrders.join(', ')}`);
  if (Array.isArray(details.changedPaths) && details.changedPaths.length > 0)
    parts.push(
      `${details.changedPaths.length} file${details.changedPaths.length === 1 ? '' : 's'}: ${details.changedPaths.slice(0, 3).join(', ')}${details.changedPaths.length > 3 ? ', …' : ''}`,
    );
  if (Array.isArray(details.paths)) parts.push(`conflicting: ${details.paths.join(', ')}`);
  if (typeof details.rolledBackTo === 'number') parts.push(`content of version ${details.rolledBackTo}`);
  if (typeof details.reason === 'string') parts.push(`reason: ${details.reason}`);
  return parts.join('; ');
}

/** The audit log, newest first, filtered by action, draft or version. */
export function AuditPanel() {
  const [action, setAction] = useState('');
  const [draftId, setDraftId] = useState('');
  const [versionId, setVersionId] = useState('');
  const asId = (text: string) => (/^[1-9]\d{0,8}$/.test(text) ? Number(text) : undefined);
  const audit = useQuery(
    auditQuery({ action: action || undefined, draftId: asId(draftId), versionId: asId(versionId), limit: 200 }),
  );
  const badId = (text: string) => text !== '' && asId(text) === undefined;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="audit-heading" sx={{ p: 2 }}>
      <Typography id="audit-heading" variant="h2" sx={{ fontSize: '1.3rem', mb: 1 }}>
        Audit log
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label="Action"
          value={action}
          onChange={(event) => setAction(event.target.value)}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 220 }}
        >
          {actions.map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="Draft number"
          value={draftId}
          onChange={(event) => setDraftId(event.target.value.trim())}
          error={badId(draftId)}
          helperText={badId(draftId) ? 'A draft number, e.g. 3' : ' '}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          size="small"
          label="Version number"
          value={versionId}
          onChange={(event) => setVersionId(event.target.value.trim())}
          error={badId(versionId)}
          helperText={badId(versionId) ? 'A version number, e.g. 2' : ' '}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Stack>
      {audit.isError && <Alert severity="error">{apiErrorMessage(audit.error)}</Alert>}
      {audit.isPending ? (
        <LoadingText />
      ) : audit.data && audit.data.length === 0 ? (
        <Typography>Nothing matches these filters.</Typography>
      ) : (
        <TableScroller labelledBy="audit-heading">
          <Table size="small" aria-labelledby="audit-heading" data-testid="audit-table">
            <TableHead>
              <TableRow>
                <TableCell component="th">When</TableCell>
                <TableCell component="th">Who</TableCell>
                <TableCell component="th">What</TableCell>
                <TableCell component="th">Draft</TableCell>
                <TableCell component="th">Version</TableCell>
                <TableCell component="th">Details</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(audit.data ?? []).map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell>{formatWhen(entry.at)}</TableCell>
                  <TableCell>{entry.actor}</TableCell>
                  <TableCell>
                    {actionWords[entry.action] ?? entry.action}
                    {entry.path && (
                      <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                        {entry.path}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{entry.draftId ?? ''}</TableCell>
                  <TableCell>{entry.versionId ?? ''}</TableCell>
                  <TableCell>
                    {entry.note && <div>“{entry.note}”</div>}
                    <Typography variant="body2" color="text.secondary">
                      {detailText(entry)}
                    </Typography>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScroller>
      )}
    </Paper>
  );
}
