import { Box, Chip, Stack, Typography } from '@mui/material';
import type { Checks } from '../../../../contracts/definition-versions';

/** The one-line verdict of a draft's checks: what blocks publishing, or that nothing does. */
export function checksVerdict(checks: Checks): string {
  const { staticChecks, goldenOrders } = checks;
  const failing = goldenOrders.failed + goldenOrders.invalid;
  const parts = [
    staticChecks.errors > 0 ? `${staticChecks.errors} static check error${staticChecks.errors === 1 ? '' : 's'}` : '',
    failing > 0 ? `${failing} of ${goldenOrders.total} golden order${goldenOrders.total === 1 ? '' : 's'} failing` : '',
  ].filter(Boolean);
  if (parts.length === 0)
    return `Checks pass: no static check error, all ${goldenOrders.total} golden orders pass${
      staticChecks.warnings > 0 ? ` (${staticChecks.warnings} warning${staticChecks.warnings === 1 ? '' : 's'})` : ''
    }`;
  return `Checks fail: ${parts.join(', ')}`;
}

/** A small pass/fail chip with the verdict beside it. */
export function ChecksSummary({ checks, compact = false }: { checks: Checks | undefined; compact?: boolean }) {
  if (!checks) return <Typography color="text.secondary">Checking…</Typography>;
  const verdict = checksVerdict(checks);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Chip
        size="small"
        label={checks.ok ? 'Checks pass' : 'Checks fail'}
        color={checks.ok ? 'success' : 'error'}
        variant={checks.ok ? 'outlined' : 'filled'}
        sx={checks.ok ? { color: 'success.dark', borderColor: 'success.dark' } : undefined}
      />
      {!compact && <Typography variant="body2">{verdict.replace(/^Checks (pass|fail): /, '')}</Typography>}
    </Stack>
  );
}

/** Every static problem and failing golden order of the checks, with where and why. */
export function ChecksDetails({ checks }: { checks: Checks }) {
  const { staticChecks, goldenOrders } = checks;
  return (
    <Stack spacing={2}>
      <Box component="section" aria-label="Static checks">
        <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 700 }}>
          Static checks: {staticChecks.errors} error{staticChecks.errors === 1 ? '' : 's'}, {staticChecks.warnings}{' '}
          warning{staticChecks.warnings === 1 ? '' : 's'}
        </Typography>
        {staticChecks.problems.length > 0 ? (
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {staticChecks.problems.map((problem, index) => (
              <li key={index}>
                <strong>{problem.severity}</strong> in {problem.file}
                {problem.path ? ` at ${problem.path}` : ''}: {problem.reason}
              </li>
            ))}
          </Box>
        ) : (
          <Typography variant="body2">No problems found.</Typography>
        )}
      </Box>
      <Box component="section" aria-label="Golden orders">
        <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 700 }}>
          Golden orders: {goldenOrders.passed} of {goldenOrders.total} pass
        </Typography>
        {goldenOrders.failures.length > 0 ? (
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {goldenOrders.failures.map((failure) => (
              <li key={failure.file}>
                <strong>{failure.status === 'invalid' ? 'Invalid' : 'Fails'}:</strong> {failure.title}{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  ({failure.file})
                </Typography>
                {failure.details.length > 0 && (
                  <Box component="ul" sx={{ pl: 3 }}>
                    {failure.details.map((detail, index) => (
                      <li key={index}>
                        <Typography variant="body2" component="span" sx={{ whiteSpace: 'pre-wrap' }}>
                          {detail}
                        </Typography>
                      </li>
                    ))}
                  </Box>
                )}
              </li>
            ))}
          </Box>
        ) : (
          <Typography variant="body2">Every golden order gives what it expects.</Typography>
        )}
      </Box>
    </Stack>
  );
}
