/**
 * How an order names the preview it follows (the definition's `submit.previewReference` field, spec 2 §3.5: the
 * preview's drawing image names or its own fileName), and whether its data changed.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A drawing image name as DrawingImages answers it: `<order fileName>-<NN>-<sheet>.png`. */
const drawingImageName = /^(.+)-\d{2}-[a-z0-9-]+\.(?:png|svg)$/;

/**
 * Order file names a preview reference may mean: the preview's drawing image names (the page keeps what DrawingImages
 * answered), or the preview's own fileName; a string or a list.
 */
export function readPreviewReference(value: unknown): string[] {
  const names = (Array.isArray(value) ? value : [value]).filter(
    (item): item is string => typeof item === 'string' && item !== '' && item.length <= 200,
  );
  const candidates = new Set<string>();
  for (const name of names.slice(0, 50)) {
    candidates.add(name);
    const match = drawingImageName.exec(name);
    if (match) candidates.add(match[1]);
  }
  return [...candidates];
}

/** JSON equality that ignores key order (jsonb hands keys back in its own order). */
export function isSameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => isSameJson(item, b[i]))
    );
  }
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && isSameJson(a[key], b[key]));
}

/** The data without one field (the preview reference: the drawing names the page adds to an order are bookkeeping). */
export function without(data: unknown, field: string): unknown {
  if (!isRecord(data)) return data;
  const copy = { ...data };
  delete copy[field];
  return copy;
}
