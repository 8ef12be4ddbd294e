/**
 * Where an order's drawings are kept in the dealer's storage: each generation in its own folder, and a manifest
 * written last naming the complete set, so a reader never sees half a set (or a mix of old and new sheets).
 */
import type { DealerFiles } from '../storage/index';

/** Order file names as the server makes them (makeOrderFileName): letters, digits, '-' and '_'. */
const orderFileNamePattern = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/** True for a name that can be an order file name; false for '..', slashes, backslashes, NUL, dots, blanks. */
export function isOrderFileName(value: string): boolean {
  return orderFileNamePattern.test(value);
}

export function drawingsFolderOf(orderFileName: string): string {
  return `orders/${orderFileName}/drawings/`;
}

interface DrawingManifest {
  generation: string;
  files: string[];
}

export interface DrawingImage {
  fileName: string;
  /** Base64 PNG (spec 1 §3 drawing image). */
  imageData: string;
}

export interface DrawingFile {
  fileName: string;
  bytes: Uint8Array;
}

async function readManifest(files: DealerFiles, orderFileName: string): Promise<DrawingManifest | undefined> {
  const bytes = await files.get(`${drawingsFolderOf(orderFileName)}manifest.json`);
  if (!bytes) return undefined;
  try {
    const manifest = JSON.parse(bytes.toString('utf8')) as DrawingManifest;
    return typeof manifest.generation === 'string' && Array.isArray(manifest.files) ? manifest : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Stores a complete set as generation `generation` (e.g. the job id): files first, then the manifest, then the
 * older generations are removed. Running it twice for one generation is harmless.
 */
export async function writeDrawingSet(
  files: DealerFiles,
  orderFileName: string,
  generation: string,
  set: DrawingFile[],
): Promise<void> {
  const folder = drawingsFolderOf(orderFileName);
  for (const file of set) await files.put(`${folder}${generation}/${file.fileName}`, file.bytes);
  const manifest: DrawingManifest = {
    generation,
    files: set.filter((file) => file.fileName.endsWith('.png')).map((file) => file.fileName),
  };
  await files.put(`${folder}manifest.json`, Buffer.from(JSON.stringify(manifest)));
  for (const key of await files.list(folder)) {
    if (key !== `${folder}manifest.json` && !key.startsWith(`${folder}${generation}/`)) await files.delete(key);
  }
}

/** The order's drawing PNGs of the current set, in sheet order; [] when none are made yet. */
export async function readDrawingImages(files: DealerFiles, orderFileName: string): Promise<DrawingImage[]> {
  const manifest = await readManifest(files, orderFileName);
  if (!manifest) return [];
  const images: DrawingImage[] = [];
  for (const fileName of manifest.files) {
    const bytes = await files.get(`${drawingsFolderOf(orderFileName)}${manifest.generation}/${fileName}`);
    if (bytes) images.push({ fileName, imageData: bytes.toString('base64') });
  }
  return images;
}

/** The names of the order's current drawing sheets (PNG), in sheet order; [] when none are made yet. */
export async function listDrawingNames(files: DealerFiles, orderFileName: string): Promise<string[]> {
  return (await readManifest(files, orderFileName))?.files ?? [];
}

/** One sheet of the current set by name, or undefined when the set has no such sheet. */
export async function readDrawingFile(
  files: DealerFiles,
  orderFileName: string,
  name: string,
): Promise<Buffer | undefined> {
  const manifest = await readManifest(files, orderFileName);
  if (!manifest?.files.includes(name)) return undefined;
  return files.get(`${drawingsFolderOf(orderFileName)}${manifest.generation}/${name}`);
}
