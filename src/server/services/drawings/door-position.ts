/** Where a door sits along its wall, from the wall's start (house end of a projection, left end of the front wall). */
import type { DoorModel, WallModel } from './room-model';

/** Clearance between a door placed at an end and the corner. */
const cornerClearanceIn = 6;

/** Distance in inches from the wall's start to the door's centre, by the chosen door location. */
export function doorCentreIn(wall: WallModel, door: DoorModel): number {
  const half = door.widthIn / 2;
  const nearStart = Math.min(wall.lengthIn / 2, cornerClearanceIn + half);
  const nearEnd = Math.max(wall.lengthIn / 2, wall.lengthIn - cornerClearanceIn - half);
  const location = door.location.toLowerCase();
  if (/existing home|at house/.test(location)) return nearStart;
  if (/away/.test(location)) return nearEnd;
  if (wall.side === 'front' && /left/.test(location)) return nearStart;
  if (wall.side === 'front' && /right/.test(location)) return nearEnd;
  return wall.lengthIn / 2;
}
