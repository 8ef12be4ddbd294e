import { isPathHidden } from '../../../forms';
import type { FormState } from '../../../../engine';
import { wallPath, type RoomFields, type WallGroup, type WallSide } from '../room-fields';

/** One wall editor of the Wall Choices modal. */
export interface WallSlot {
  /** The wall group's suffix ('' for the room's own walls), for keys and markup. */
  suffix: string;
  /** The wall group the wall belongs to: its fields by role. */
  group: WallGroup;
  index: number;
  /** Caption under the wall: Left Projection, Front, Right Projection, Left Angle, Left Wall 2, ... */
  name: string;
  isFront: boolean;
  /** Which side the editor sits on (Existing Roof groups editors by side). */
  side: WallSide;
}

// Where each wall stands (not its words: the captions are the definition's): by structure layout, and by angled slot
// (Left Straight, Front, Right Straight, Left Angle, Right Angle in angled-layouts.json).
const newRoofSides: Record<string, WallSide[]> = {
  '1': ['left', 'front', 'right'],
  '2': ['left', 'front'],
  '3': ['front'],
};
const angledSlotSides: WallSide[] = ['left', 'front', 'right', 'left', 'right'];

/**
 * The walls the dealer edits now: every element of the wall arrays the engine keeps and does not hide (the
 * engine sizes the arrays from the layout, the cavities and the angled layout).
 */
export function listWallSlots(state: FormState, fields: RoomFields, angledLayouts?: AngledLayouts): WallSlot[] {
  const data = state.data;
  const isAngled = data[fields.angled] === 'Yes';
  const layout = String(data[fields.layout] ?? '');
  const slots: WallSlot[] = [];
  for (const group of fields.groups) {
    const { suffix } = group;
    const lengths = data[group.fields.wallFeet];
    if (!Array.isArray(lengths)) continue;
    lengths.forEach((_value, index) => {
      if (isPathHidden(state, wallPath(group, 'wallFeet', index))) return;
      if (group.side) {
        slots.push({
          suffix,
          group,
          index,
          name: `${group.wallName ?? 'Wall'} ${index + 1}`,
          isFront: group.side === 'front',
          side: group.side,
        });
        return;
      }
      const caption = isAngled ? angledLayouts?.slots[index] : group.captionsByLayout?.[layout]?.[index];
      const side = (isAngled ? angledSlotSides[index] : newRoofSides[layout]?.[index]) ?? 'front';
      slots.push({
        suffix,
        group,
        index,
        name: caption ?? `Wall ${index + 1}`,
        isFront: side === 'front',
        side,
      });
    });
  }
  // Angled walls read left to right as the layout's picture shows them.
  const order = isAngled ? angledLayouts?.layouts[String(data[fields.angle] ?? '')]?.slots : undefined;
  if (!order) return slots;
  const rank = (slot: WallSlot) => (slot.group.side === null ? order.indexOf(slot.index) + 1 || 99 : 100);
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
