/**
 * Which field is what on the sunroom-family page, read from the definition's ui schema (definitions/shared/room/ui.json)
 * so no form field is named here: the fields a custom piece draws (`ui:field`: wallChoices, structureLayout,
 * angledLayout), the room's own fields (`ui:options.roomFields`) and the wall groups with each wall field's role
 * (`ui:options.wallGroups`).
 */
import type { CompiledDefinition } from '../../../engine';
import { fieldsDrawnBy } from '../../forms';

/** The ui:field names the page draws itself (the generic form keeps their values but draws nothing). */
export const pageParts = ['wallChoices', 'structureLayout', 'angledLayout'] as const;
export type PagePart = (typeof pageParts)[number];

/** The per-wall arrays of one wall group, by what they hold. */
export interface WallFields {
  wallFeet: string;
  wallInches: string;
  door: string;
  doorSize: string;
  doorLocation: string;
  swingOrientation: string;
  patioOrientation: string;
  hardware: string;
  hinges: string;
  code: string;
  image: string;
  buttonIndex: string;
}
export type WallRole = keyof WallFields;

export type WallSide = 'left' | 'front' | 'right';

/** One wall group: the room's own walls (no side) or an Existing Roof side's walls. */
export interface WallGroup {
  /** '' for the room's own walls; ERL/ERR/ERF for Existing Roof (it names the editors in the page's markup). */
  suffix: string;
  /** Existing Roof: the side its walls stand on and their name ("Left Wall" -> "Left Wall 1"). */
  side: WallSide | null;
  wallName: string | null;
  /** The room's own walls: each wall's caption by structure layout ("1": Left Projection, Front, Right Projection). */
  captionsByLayout: Record<string, string[]> | null;
  /** Existing Roof: the side's cavity count field. */
  cavitiesField: string | null;
  /** The engine's computed list (one text per wall, null where free) saying why a wall's door is held at No. */
  doorNote: string | null;
  /** The same for the Stainless Steel Hinges held at Yes (Impact doors). */
  hingesNote: string | null;
  fields: WallFields;
}

export interface RoomFields {
  type: string;
  roofStyle: string;
  angled: string;
  breezeWay: string;
  railSide: string;
  railAmount: string;
  /** The structure layout (ui:field structureLayout) and the angled layout (ui:field angledLayout). */
  layout: string;
  angle: string;
  /** Every field the Wall Choices modal owns (ui:field wallChoices). */
  wallChoices: ReadonlySet<string>;
  groups: WallGroup[];
}

const cache = new WeakMap<object, RoomFields>();

/** The page's fields of a sunroom-family definition (read once per bundle). */
export function readRoomFields(definition: Pick<CompiledDefinition, 'bundle'>): RoomFields {
  const ui = definition.bundle.ui;
  let fields = cache.get(ui);
  if (fields) return fields;
  const options = (ui['ui:options'] ?? {}) as { roomFields?: Partial<RoomFields>; wallGroups?: Partial<WallGroup>[] };
  const room = options.roomFields ?? {};
  const named = (value: string | undefined) => value ?? '';
  fields = {
    type: named(room.type),
    roofStyle: named(room.roofStyle),
    angled: named(room.angled),
    breezeWay: named(room.breezeWay),
    railSide: named(room.railSide),
    railAmount: named(room.railAmount),
    layout: fieldsDrawnBy(ui, 'structureLayout')[0] ?? '',
    angle: fieldsDrawnBy(ui, 'angledLayout')[0] ?? '',
    wallChoices: new Set(fieldsDrawnBy(ui, 'wallChoices')),
    groups: (options.wallGroups ?? []).map((group) => ({
      suffix: group.suffix ?? '',
      side: group.side ?? null,
      wallName: group.wallName ?? null,
      captionsByLayout: group.captionsByLayout ?? null,
      cavitiesField: group.cavitiesField ?? null,
      doorNote: group.doorNote ?? null,
      hingesNote: group.hingesNote ?? null,
      fields: group.fields as WallFields,
    })),
  };
  cache.set(ui, fields);
  return fields;
}

/** The path of one wall's field: wallPath(group, 'door', 1) -> the group's door array at index 1. */
export function wallPath(group: Pick<WallGroup, 'fields'>, role: WallRole, index: number): string {
  return `${group.fields[role]}.${index}`;
}

/** Whether a missing or invalid path belongs to the Wall Choices modal (it turns the button red). */
export function isWallChoicesPath(fields: RoomFields, path: string): boolean {
  return fields.wallChoices.has(path.split('.', 1)[0]);
}
