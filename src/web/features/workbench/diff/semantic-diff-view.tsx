import { Box, Stack, Typography } from '@mui/material';
import type { TreeDiff } from '../../../../contracts/definition-versions';
import { BeforeAfterTable } from './before-after-table';
import { describeFormDiff, formatPrice, summarizeDiff, type DiffLine } from './describe-diff';

const toneMark: Record<DiffLine['tone'], { sign: string; color: string; label: string }> = {
  added: { sign: '+', color: 'success.dark', label: 'added' },
  removed: { sign: '−', color: 'error.dark', label: 'removed' },
  changed: { sign: '~', color: 'text.primary', label: 'changed' },
};

/** A semantic diff as a product person reads it: per form, what changed in words, and price rows old → new. */
export function SemanticDiffView({ diff, headingLevel = 'h4' }: { diff: TreeDiff; headingLevel?: 'h3' | 'h4' | 'h5' }) {
  const files = diff.files;
  return (
    <Stack spacing={2} data-testid="semantic-diff">
      <Typography sx={{ fontWeight: 600 }}>{summarizeDiff(diff)}</Typography>
      {diff.forms.map((formDiff) => {
        const changes = describeFormDiff(formDiff);
        return (
          <Box key={changes.form} component="section" aria-label={`Changes to ${changes.form}`}>
            <Typography component={headingLevel} variant="subtitle1" sx={{ fontWeight: 700 }}>
              {changes.form}
              {changes.status !== 'changed' ? ` (form ${changes.status})` : ''}
            </Typography>
            {changes.lines.length > 0 && (
              <Box component="ul" sx={{ m: 0, pl: 3 }}>
                {changes.lines.map((line, index) => (
                  <Box component="li" key={index} sx={{ color: toneMark[line.tone].color }}>
                    <span aria-hidden="true">{toneMark[line.tone].sign} </span>
                    {changes.form}: {line.text}
                  </Box>
                ))}
              </Box>
            )}
            {changes.prices.length > 0 && (
              <BeforeAfterTable
                aria-label={`Price rows changed in ${changes.form}`}
                maxWidth={640}
                columns={['Price table', 'Size (length × width)']}
                rows={changes.prices.map((price) => ({
                  key: `${price.table}/${price.row}`,
                  cells: [price.table, price.row.replace('x', ' × ')],
                  before: formatPrice(price.from),
                  after: formatPrice(price.to),
                }))}
              />
            )}
          </Box>
        );
      })}
      {files.added.length + files.removed.length + files.changed.length > 0 && (
        <Box component="details">
          <Box component="summary" sx={{ cursor: 'pointer' }}>
            Files: {files.changed.length} changed, {files.added.length} added, {files.removed.length} removed
          </Box>
          <Box component="ul" sx={{ m: 0, pl: 3, fontFamily: 'monospace', fontSize: 13 }}>
            {files.changed.map((path) => (
              <li key={path}>changed {path}</li>
            ))}
            {files.added.map((path) => (
              <li key={path}>added {path}</li>
            ))}
            {files.removed.map((path) => (
              <li key={path}>removed {path}</li>
            ))}
          </Box>
        </Box>
      )}
    </Stack>
  );
}
