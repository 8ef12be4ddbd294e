/** Simple plan-view pictures of the structure and angled layouts (house at the top, new walls below). */

const stroke = {
  stroke: '#1e3a5f',
  strokeWidth: 5,
  fill: 'none',
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
};

function House() {
  return (
    <g>
      <rect x="4" y="4" width="152" height="14" fill="#d7ccc8" stroke="#6d4c41" strokeWidth="2" />
      <text x="80" y="15" textAnchor="middle" fontSize="10" fill="#3e2723">
        HOUSE
      </text>
    </g>
  );
}

/** Structure layout by the walls the room stands against: '1' the house (three new walls), '2' two walls or breezeway, '3' three walls (one new wall; dashed: existing walls). */
export function StructureLayoutPicture({ layout }: { layout: string }) {
  const walls =
    ({ '1': 'M24 18 V96 H136 V18', '2': 'M24 18 V96 H136', '3': 'M24 96 H136' } as Record<string, string>)[layout] ??
    '';
  return (
    <svg viewBox="0 0 160 110" width="160" height="110" aria-hidden="true">
      <House />
      {layout === '3' ? (
        <path d="M24 18 V96 M136 18 V96" stroke="#9e9e9e" strokeWidth="3" strokeDasharray="5 4" fill="none" />
      ) : null}
      {layout === '2' ? (
        <path d="M136 18 V96" stroke="#9e9e9e" strokeWidth="3" strokeDasharray="5 4" fill="none" />
      ) : null}
      <path d={walls} {...stroke} />
    </svg>
  );
}

/** An angled layout from the walls it uses, in order from the left of the house to its right. */
export function AngledLayoutPicture({ walls }: { walls: string[] }) {
  const has = (name: string) => walls.includes(name);
  const points: [number, number][] = [];
  let x = has('Left Straight') ? 24 : has('Left Angle') ? 24 : 24;
  let y = 18;
  points.push([x, y]);
  if (has('Left Straight')) points.push([x, (y = 60)]);
  if (has('Left Angle')) points.push([(x += 32), (y += 36)]);
  else if (!has('Left Straight')) points.push([x, (y = 96)]);
  const frontEnd = has('Right Angle') ? 104 : 136;
  points.push([(x = frontEnd), y]);
  if (has('Right Angle')) points.push([(x += 32), (y -= 36)]);
  if (has('Right Straight')) points.push([x, (y = 18)]);
  else if (y !== 18) points.push([x, 18]);
  return (
    <svg viewBox="0 0 160 110" width="160" height="110" aria-hidden="true">
      <House />
      <polyline points={points.map(([px, py]) => `${px},${py}`).join(' ')} {...stroke} />
    </svg>
  );
}
