/** Which definition checks a SunroomsData body: one page serves sunrooms, screen rooms and impact rooms. */

/** Room types of the screen-room definition (spec 2 §1: 2 inch rooms). */
export const screenRoomTypes = ['Value View', 'Vinyl View', 'Linear Screen'] as const;

export type SunroomFamilyForm = 'sunroom' | 'screenroom' | 'impact';

/**
 * The rule (spec 2 §1 and §7): window-wall style 'Impact' -> impact (the impact page always sends it);
 * else a screen-room type (Value View, Vinyl View, Linear Screen) or `screenRoom: true` -> screenroom;
 * else sunroom (Premier View, Upper Deck, Vista View, Solarium, or nothing chosen yet, which the sunroom
 * definition then lists as missing).
 */
export function deriveSunroomForm(data: unknown): SunroomFamilyForm {
  const record = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  if (record.selectedWindowWallStyle === 'Impact') return 'impact';
  const type = record.selectedSunRoomType;
  if ((typeof type === 'string' && (screenRoomTypes as readonly string[]).includes(type)) || record.screenRoom === true) return 'screenroom';
  return 'sunroom';
}
