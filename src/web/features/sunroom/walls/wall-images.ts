/** The public URL of a wall code's picture (served by GET /images/walls/{folder}/{code}.svg). */
export function wallImageUrl(folder: string, code: string): string {
  return `/images/walls/${encodeURIComponent(folder)}/${encodeURIComponent(code)}.svg`;
}

/** The picture of a stored selectedImages value ('{folder}/{code}.jpg' as the spec stores it). */
export function wallImageUrlOfStored(stored: unknown): string | null {
  if (typeof stored !== 'string') return null;
  const match = /^([A-Za-z]+)\/([A-Z0-9-]+)\.(jpg|svg)$/.exec(stored);
  return match ? wallImageUrl(match[1], match[2]) : null;
}

/**
 * The image folder of a code by its prefix letter, from the definition's constants (imageFolders); Glass when
 * the definition names none.
 */
export function wallImageFolderOf(code: string, imageFolders: Record<string, string> | undefined): string {
  return imageFolders?.[code.charAt(0)] ?? 'Glass';
}

/**
 * The picture of a wall's chosen drawing: its stored selectedImages value, else the chosen code's picture as the picker
 * shows it (a draft restored without selectedImages still shows the drawing chosen); null without a code.
 */
export function chosenWallImageUrl(
  stored: unknown,
  code: unknown,
  imageFolders: Record<string, string> | undefined,
): string | null {
  if (typeof code !== 'string' || code === '') return null;
  return wallImageUrlOfStored(stored) ?? wallImageUrl(wallImageFolderOf(code, imageFolders), code);
}
