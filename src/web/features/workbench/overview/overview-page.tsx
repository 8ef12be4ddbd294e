import { useQuery } from '@tanstack/react-query';
import { Alert, Paper, Stack, Typography } from '@mui/material';
import { usePageTitle } from '../../../shared/components/use-page-title';
import { LoadingText } from '../../../shared/components/loading-text';
import { apiErrorMessage, versionsQuery } from '../api/definitions-api';
import { describeOrigin, formatWhen } from '../format';
import { AuditPanel } from './audit-panel';
import { DraftsPanel } from './drafts-panel';
import { FormsPanel } from './forms-panel';
import { HistoryPanel } from './history-panel';

/**
 * /Staff/Definitions: the published version and the last publish, open drafts (open a new one, discard), every form,
 * the version history with what each version changed (and rollback), and the audit log.
 */
export function WorkbenchOverviewPage() {
  usePageTitle('Definitions');
  const versions = useQuery(versionsQuery());
  const published = versions.data?.versions.find((version) => version.isPublished);
  const lastPublish = versions.data?.versions.find((version) => version.source !== 'deployment');
  return (
    <Stack spacing={4}>
      <Stack spacing={1}>
        <Typography variant="h1">Definitions</Typography>
        <Typography color="text.secondary">
          The rules and prices every configurator runs. Change them in a draft, prove them on the golden orders, and
          publish.
        </Typography>
      </Stack>
      {versions.isError && <Alert severity="error">{apiErrorMessage(versions.error)}</Alert>}
      {versions.isPending ? (
        <LoadingText />
      ) : (
        published && (
          <Paper variant="outlined" component="section" aria-labelledby="published-heading" sx={{ p: 2 }}>
            <Typography id="published-heading" variant="h2" sx={{ fontSize: '1.3rem', mb: 1 }}>
              Published: version {published.id}
            </Typography>
            <Typography data-testid="published-version">
              Version {published.id}, {describeOrigin(published)}
              {published.note ? `: “${published.note}”` : ''}
            </Typography>
            <Typography color="text.secondary" data-testid="last-publish">
              {lastPublish
                ? `Last publish: version ${lastPublish.id} (${lastPublish.source}) by ${lastPublish.author} on ${formatWhen(lastPublish.createdAt)}`
                : 'Nothing has been published from the workbench yet: the published version is the deployed one.'}
            </Typography>
          </Paper>
        )
      )}
      <DraftsPanel />
      {published && versions.data && <FormsPanel publishedVersionId={published.id} versions={versions.data.versions} />}
      {versions.data && <HistoryPanel versions={versions.data.versions} />}
      <AuditPanel />
    </Stack>
  );
}
