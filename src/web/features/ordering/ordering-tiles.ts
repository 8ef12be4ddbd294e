/** One product tile on the ordering home: its relative route under /Ordering and the label dealers read. */
export interface OrderingTile {
  name: string;
  label: string;
  description: string;
}

/** The 3x3 tiles of spec 1 §2, in the spec's order. */
export const orderingTiles: readonly OrderingTile[] = [
  { name: 'Impact', label: 'Impact Sunrooms', description: 'Impact-rated sunroom systems' },
  { name: 'SunRooms', label: '3 5/8" Sunrooms', description: 'Insulated 3 5/8" wall sunrooms' },
  { name: 'ScreenRooms', label: '2" Sunrooms', description: '2" wall sunrooms and screen rooms' },
  { name: 'Pavilions', label: 'Pavilions', description: 'Santa Fe, St Thomas and panel pavilions' },
  { name: 'Pergolas', label: 'Pergolas', description: 'Operable, fixed and Motor City pergolas' },
  { name: 'Displays', label: 'Displays', description: 'Showroom display pieces' },
  { name: 'Marketing', label: 'Marketing', description: 'Brochures, signs and promotional items' },
  { name: 'SpareParts', label: 'Spare Parts', description: 'Parts, transoms, doors and sash' },
  { name: 'CustomTrapGlass', label: 'Custom Glass', description: 'Custom trapezoid glass pieces' },
];

/** The tile whose route name is `name`, if there is one. */
export function findOrderingTile(name: string | undefined): OrderingTile | undefined {
  return orderingTiles.find((tile) => tile.name.toLowerCase() === name?.toLowerCase());
}
