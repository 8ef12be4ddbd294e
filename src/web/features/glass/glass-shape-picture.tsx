/** Corner heights (0..1 of the picture's height) of each shape: left side, right side. */
const sideHeights: Record<string, [number, number]> = {
  'Left High': [1, 0.45],
  'Right High': [0.45, 1],
  Rectangular: [1, 1],
};

/** A picture of a glass shape (SVG), its sides labelled L, B and R as the inputs are. */
export function GlassShapePicture({ shape, size = 120 }: { shape: string; size?: number }) {
  const [left, right] = sideHeights[shape] ?? [1, 1];
  const width = size;
  const height = size * 0.8;
  const pad = 16;
  const bottomY = height - pad;
  const span = bottomY - pad;
  const points = [
    [pad, bottomY],
    [pad, bottomY - span * left],
    [width - pad, bottomY - span * right],
    [width - pad, bottomY],
  ]
    .map(([x, y]) => `${x},${y}`)
    .join(' ');
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`${shape} glass shape`}
      data-shape={shape}
    >
      <polygon points={points} fill="#cfe3f3" stroke="#1f4e79" strokeWidth={2} />
      <text x={4} y={bottomY - (span * left) / 2} fontSize={11} fill="#1d2733">
        L
      </text>
      <text x={width / 2 - 3} y={height - 2} fontSize={11} fill="#1d2733">
        B
      </text>
      <text x={width - 12} y={bottomY - (span * right) / 2} fontSize={11} fill="#1d2733">
        R
      </text>
    </svg>
  );
}
