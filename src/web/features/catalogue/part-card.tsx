import { memo } from 'react';
import { Box, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { formatCurrency } from '../../forms';
import type { CataloguePart } from './api/catalogue-parts';
import { PartImage } from './part-image';

/** Spec 3 §2: a part shows its display number as SP plus the number. */
export function formatDisplayNumber(displayNumber: string | null | undefined): string | null {
  return displayNumber ? `SP${displayNumber}` : null;
}

/** A grid card: picture, SP number where set, name, part number and price; Details opens the part modal. */
export const PartCard = memo(function PartCard({
  part,
  height,
  onOpen,
}: {
  part: CataloguePart;
  height: number;
  onOpen(part: CataloguePart): void;
}) {
  const displayNumber = formatDisplayNumber(part.displayNumber);
  const titleId = `part-${part.partNumber}-name`;
  return (
    <Card
      variant="outlined"
      sx={{ height, display: 'flex', flexDirection: 'column' }}
      aria-labelledby={titleId}
      data-part-number={part.partNumber}
      component="article"
    >
      <Box sx={{ p: 1.5, pb: 0 }}>
        <PartImage imageId={part.imageID} alt={part.name} height={Math.round(height * 0.45)} />
      </Box>
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 0.5, minHeight: 0 }}>
        {displayNumber ? (
          <Typography variant="body2" sx={{ fontWeight: 700, color: 'secondary.main' }} data-testid="display-number">
            {displayNumber}
          </Typography>
        ) : null}
        {/* Clamped at 3 lines in a card of fixed height: the title gives the whole name. */}
        <Typography
          id={titleId}
          title={part.name}
          component="h3"
          sx={{
            fontWeight: 600,
            lineHeight: 1.3,
            overflow: 'hidden',
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
          }}
        >
          {part.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Part number {part.partNumber}
        </Typography>
        <Typography variant="h3" component="p" sx={{ mt: 'auto' }}>
          {formatCurrency(part.price)}
        </Typography>
        <Stack direction="row">
          <Button variant="outlined" onClick={() => onOpen(part)} aria-label={`Details of ${part.name}`}>
            Details
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
});

/** A card whose part is still being fetched. */
export function PartCardPlaceholder({ height }: { height: number }) {
  return <Skeleton variant="rounded" height={height} aria-hidden />;
}
