import type { ReactElement } from 'react';
import type { FurnitureKind } from './furniture-model';

interface SymbolProps {
  kind: FurnitureKind;
  /** Footprint in the drawing's units; the symbol is centred on 0,0. */
  width: number;
  depth: number;
}

/** A plan-view symbol of one furniture piece, drawn with simple shapes. */
export function FurnitureSymbol({ kind, width: w, depth: d }: SymbolProps): ReactElement {
  const stroke = Math.max(Math.min(w, d) * 0.05, 0.5);
  const common = { stroke: '#334155', strokeWidth: stroke } as const;
  const x0 = -w / 2;
  const y0 = -d / 2;
  switch (kind) {
    case 'sofa':
    case 'loveSeat': {
      const arm = w * (kind === 'sofa' ? 0.1 : 0.14);
      const back = d * 0.3;
      const seats = kind === 'sofa' ? 3 : 2;
      const seatWidth = (w - 2 * arm) / seats;
      return (
        <g {...common}>
          <rect x={x0} y={y0} width={w} height={d} rx={stroke * 2} fill="#c7d2fe" />
          <rect x={x0} y={y0} width={w} height={back} fill="#a5b4fc" />
          <rect x={x0} y={y0} width={arm} height={d} fill="#a5b4fc" />
          <rect x={w / 2 - arm} y={y0} width={arm} height={d} fill="#a5b4fc" />
          {Array.from({ length: seats - 1 }, (_, i) => (
            <line
              key={i}
              x1={x0 + arm + seatWidth * (i + 1)}
              y1={y0 + back}
              x2={x0 + arm + seatWidth * (i + 1)}
              y2={d / 2}
            />
          ))}
        </g>
      );
    }
    case 'landing':
    case 'landingStep': {
      const treads = kind === 'landing' ? 1 : 2;
      return (
        <g {...common}>
          <rect x={x0} y={y0} width={w} height={d} fill="#e5e7eb" />
          {Array.from({ length: treads }, (_, i) => (
            <line
              key={i}
              x1={x0}
              y1={y0 + (d * (i + 1)) / (treads + 1)}
              x2={w / 2}
              y2={y0 + (d * (i + 1)) / (treads + 1)}
            />
          ))}
          {kind === 'landing' && <line x1={x0} y1={y0} x2={w / 2} y2={d / 2} />}
        </g>
      );
    }
    case 'roundTableAndChairs': {
      const table = w * 0.28;
      const chair = w * 0.12;
      const reach = w / 2 - chair;
      return (
        <g {...common}>
          {[0, 90, 180, 270].map((angle) => (
            <circle
              key={angle}
              cx={reach * Math.cos((angle * Math.PI) / 180)}
              cy={reach * Math.sin((angle * Math.PI) / 180)}
              r={chair}
              fill="#fde68a"
            />
          ))}
          <circle cx={0} cy={0} r={table} fill="#d6a36b" />
        </g>
      );
    }
    case 'twoChairTable': {
      const chair = d * 0.28;
      return (
        <g {...common}>
          <circle cx={x0 + chair} cy={0} r={chair} fill="#fde68a" />
          <circle cx={w / 2 - chair} cy={0} r={chair} fill="#fde68a" />
          <rect x={-w * 0.22} y={y0} width={w * 0.44} height={d} rx={stroke} fill="#d6a36b" />
        </g>
      );
    }
    case 'plant':
      return (
        <g {...common}>
          {[0, 72, 144, 216, 288].map((angle) => (
            <ellipse
              key={angle}
              cx={(w / 4) * Math.cos((angle * Math.PI) / 180)}
              cy={(w / 4) * Math.sin((angle * Math.PI) / 180)}
              rx={w / 4}
              ry={w / 6}
              transform={`rotate(${angle} ${(w / 4) * Math.cos((angle * Math.PI) / 180)} ${(w / 4) * Math.sin((angle * Math.PI) / 180)})`}
              fill="#86efac"
            />
          ))}
          <circle cx={0} cy={0} r={w / 6} fill="#15803d" />
        </g>
      );
    case 'fan':
      return (
        <g {...common}>
          {[0, 90, 180, 270].map((angle) => (
            <ellipse
              key={angle}
              cx={w / 4}
              cy={0}
              rx={w / 4}
              ry={w / 12}
              transform={`rotate(${angle})`}
              fill="#e2e8f0"
            />
          ))}
          <circle cx={0} cy={0} r={w / 10} fill="#64748b" />
        </g>
      );
    case 'coffeeTable':
      return (
        <g {...common}>
          <rect x={x0} y={y0} width={w} height={d} rx={d * 0.25} fill="#d6a36b" />
        </g>
      );
    case 'endTable':
      return (
        <g {...common}>
          <rect x={x0} y={y0} width={w} height={d} fill="#d6a36b" />
          <line x1={x0} y1={y0} x2={w / 2} y2={d / 2} />
          <line x1={w / 2} y1={y0} x2={x0} y2={d / 2} />
        </g>
      );
    case 'spa':
      return (
        <g {...common}>
          <rect x={x0} y={y0} width={w} height={d} rx={w * 0.12} fill="#e0f2fe" />
          <circle cx={0} cy={0} r={Math.min(w, d) * 0.36} fill="#7dd3fc" />
        </g>
      );
    case 'outdoorKitchen':
      return (
        <g {...common}>
          <rect x={x0} y={y0} width={w} height={d} fill="#e7e5e4" />
          <rect x={x0 + w * 0.08} y={y0 + d * 0.2} width={w * 0.25} height={d * 0.6} fill="#bae6fd" />
          <circle cx={w * 0.12} cy={0} r={d * 0.2} fill="none" />
          <circle cx={w * 0.33} cy={0} r={d * 0.2} fill="none" />
        </g>
      );
    case 'grill':
      return (
        <g {...common}>
          <rect x={x0} y={y0} width={w} height={d} rx={d * 0.2} fill="#52525b" />
          {[0.3, 0.5, 0.7].map((f) => (
            <line key={f} x1={x0 + w * 0.1} y1={y0 + d * f} x2={w / 2 - w * 0.1} y2={y0 + d * f} stroke="#e4e4e7" />
          ))}
        </g>
      );
  }
}

/** The symbol at icon size for the palette. */
export function FurnitureIcon({ kind, size = 36 }: { kind: FurnitureKind; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="-12 -12 24 24" aria-hidden="true" focusable="false">
      <FurnitureSymbol kind={kind} width={20} depth={iconDepth(kind)} />
    </svg>
  );
}

function iconDepth(kind: FurnitureKind): number {
  if (kind === 'roundTableAndChairs' || kind === 'fan' || kind === 'plant' || kind === 'spa' || kind === 'endTable')
    return 20;
  if (kind === 'landing') return 15;
  return 10;
}
