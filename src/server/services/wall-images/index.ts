/** Wall-code pictures (spec 2 §2.3, §3.6): generated SVG per code, served at GET /images/walls/{folder}/{code}.svg. */
export { parseWallCode, type ParsedWallCode, type WallPicture } from './parse-wall-code';
export { describeWallCode, renderWallSvg } from './render-wall-svg';

/** Image folders of the wall-code catalogues (the definitions' imageFolders): Premier View, Glass/Value, Vinyl, Impact. */
export const wallImageFolders = ['PremierView', 'Glass', 'Vinyl', 'Sunroom'] as const;

export function isWallImageFolder(folder: string): boolean {
  return (wallImageFolders as readonly string[]).includes(folder);
}
