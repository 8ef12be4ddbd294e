import { Box, Typography } from '@mui/material';
import type { StaffOrderDetails } from '../api/order-desk-api';

type Line = StaffOrderDetails['lines'][number];

interface LineGroup {
  heading: string;
  lines: Line[];
}

/** The labelled lines under their headings (a depth-0 line with no value), as the dealer's summary shows them. */
export function groupLines(lines: readonly Line[]): LineGroup[] {
  const groups: LineGroup[] = [];
  for (const line of lines) {
    if (line.depth === 0 && line.value === '') groups.push({ heading: line.label, lines: [] });
    else {
      if (groups.length === 0) groups.push({ heading: '', lines: [] });
      groups[groups.length - 1].lines.push(line);
    }
  }
  return groups.filter((group) => group.heading || group.lines.length > 0);
}

/** The posted data as the dealer confirmed it: each heading over its "label: value" lines. */
export function OrderLines({ lines }: { lines: readonly Line[] }) {
  const groups = groupLines(lines);
  if (groups.length === 0) return <Typography color="text.secondary">The order has no lines to show.</Typography>;
  return (
    <Box data-testid="order-lines">
      {groups.map((group, index) => (
        <Box
          component="section"
          key={`${index}-${group.heading}`}
          aria-label={group.heading || undefined}
          sx={{ mb: 1.5 }}
        >
          {group.heading && (
            <Typography component="h4" sx={{ fontWeight: 700, fontSize: '0.95rem', mb: 0.25 }}>
              {group.heading}
            </Typography>
          )}
          <Box
            component="dl"
            sx={{ m: 0, fontSize: '0.95rem', '& > div': { display: 'flex', flexWrap: 'wrap', columnGap: 1 } }}
          >
            {group.lines.map((line, lineIndex) => (
              <Box key={`${lineIndex}-${line.label}`} sx={{ pl: Math.max(0, line.depth - 1) * 2 }}>
                <Box component="dt" sx={{ fontWeight: 600 }}>
                  {line.label}:
                </Box>
                <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {line.value}
                </Box>
              </Box>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
