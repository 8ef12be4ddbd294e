import type { DrawingImage } from './api/drawing-images';

/** "SUN-1001-...-01-plan-view.png" of order "SUN-1001-..." reads as "Plan view". */
export function pageTitle(image: DrawingImage, orderFileName: string): string {
  let name = image.fileName.replace(/^.*[\\/]/, '').replace(/\.[a-z0-9]+$/i, '');
  if (name.startsWith(`${orderFileName}-`)) name = name.slice(orderFileName.length + 1);
  const words = name
    .replace(/^\d+[-_]/, '')
    .split(/[-_]+/)
    .filter(Boolean)
    .join(' ');
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : image.fileName;
}
