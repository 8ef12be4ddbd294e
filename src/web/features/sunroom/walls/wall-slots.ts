import { isPathHidden } from '../../../forms';
import type { FormState } from '../../../../engine';
import { wallPath, type WallSuffix } from './wall-paths';

/** One wall editor of the Wall Choices modal. */
export interface WallSlot {
  suffix: WallSuffix;
  index: number;
  /** Caption under the wall: Left Projection, Front, Right Projection, Left Angle, Left Wall 2, ... */
  name: string;
  isFront: boolean;
  /** Which side the editor sits on (Existing Roof groups editors by side). */
  side: 'left' | 'front' | 'right';
}

const newRoofNames: Record<string, string[]> = {
  '1': ['Left Projection', 'Front', 'Right Projection'],
  '2': ['Projection', 'Front'],
  '3': ['Front'],
};
const angledSlotNames = ['Left Straight', 'Front', 'Right Straight', 'Left Angle', 'Right Angle'];
const existingRoofNames: Record<Exclude<WallSuffix, ''>, { name: string; side: WallSlot['side'] }> = {
  ERL: { name: 'Left Wall', side: 'left' },
  ERF: { name: 'Front Wall', side: 'front' },
  ERR: { name: 'Right Wall', side: 'right' },
};

/**
 * The walls the dealer edits now: every element of the wall arrays the engine keeps and does not hide (the
 * engine sizes the arrays from the layout, the cavities and the angled layout).
 */
export function listWallSlots(state: FormState, angledLayouts?: AngledLayouts): WallSlot[] {
  const data = state.data;
  const isAngled = data.selectedAngled === 'Yes';
  const layout = String(data.selectedPavilionLayoutOption ?? '');
  const slots: WallSlot[] = [];
  for (const suffix of ['', 'ERL', 'ERF', 'ERR'] as const) {
    const lengths = data[`wallLengthsFeet${suffix}`];
    if (!Array.isArray(lengths)) continue;
    lengths.forEach((_value, index) => {
      if (isPathHidden(state, wallPath('wallLengthsFeet', suffix, index))) return;
      if (suffix !== '') {
        const { name, side } = existingRoofNames[suffix];
        slots.push({ suffix, index, name: `${name} ${index + 1}`, isFront: suffix === 'ERF', side });
        return;
      }
      const name = isAngled ? ((angledLayouts?.slots ?? angledSlotNames)[index] ?? `Wall ${index + 1}`) : (newRoofNames[layout]?.[index] ?? `Wall ${index + 1}`);
      const side = name.startsWith('Left') ? 'left' : name.startsWith('Right') ? 'right' : 'front';
      slots.push({ suffix, index, name, isFront: name === 'Front', side: name === 'Projection' ? 'left' : side });
    });
  }
  // Angled walls read left to right as the layout's picture shows them.
  const order = isAngled ? angledLayouts?.layouts[String(data.selectedAngleOption ?? '')]?.slots : undefined;
  if (!order) return slots;
  const rank = (slot: WallSlot) => (slot.suffix === '' ? (order.indexOf(slot.index) + 1 || 99) : 100);
  return [...slots].sort((a, b) => rank(a) - rank(b));
}

/** definitions/shared/room/angled-layouts.json: which angled slots each of the 10 layouts uses. */
export interface AngledLayouts {
  slots: string[];
  layouts: Record<string, { label: string; slots: number[]; walls: string[] }>;
}

/** The angled layouts of a definition bundle's data, if it has them. */
export function readAngledLayouts(data: Record<string, unknown> | undefined): AngledLayouts | undefined {
  const value = data?.['angled-layouts'] as Partial<AngledLayouts> | undefined;
  return value && Array.isArray(value.slots) && value.layouts ? (value as AngledLayouts) : undefined;
}
