import type { CompiledDefinition } from '../../../engine';
import { fieldsDrawnBy } from '../../forms';

/** The ui:field names of the cart pieces the pages draw themselves: the lines list and the glass type choice. */
export const cartPageFields = ['cartLines', 'glassType'] as const;

/** A cart definition's fields, as its ui schema names them: the lines (ui:field cartLines), the glass type (glassType). */
export interface CartFields {
  lines: string;
  glassType: string | undefined;
}

/** The fields of a cart definition (the ui schema names them; no field name in code). */
export function cartFieldsOf(definition: Pick<CompiledDefinition, 'bundle'>): CartFields {
  const ui = definition.bundle.ui;
  return { lines: fieldsDrawnBy(ui, 'cartLines')[0] ?? '', glassType: fieldsDrawnBy(ui, 'glassType')[0] };
}

/** A spare parts, marketing or display cart line (spec 3 §3). */
export interface PartLine {
  partNumber: string;
  quantity: number;
  partDescription: string;
  price: number;
}

/** A glass cart line (spec 3 §3); name and price are derived by the glass-cart definition. */
export interface GlassLine {
  glassShape: string;
  leftSideInches: number;
  bottomSideInches: number;
  rightSideInches: number;
  quantity: number;
  name?: string;
  price?: number;
}

export type CartLine = PartLine | GlassLine;

/** The lines at the cart's lines path (an empty list for anything else). */
export function readLines<T extends CartLine>(data: Record<string, unknown>, linesPath: string): T[] {
  const lines = data[linesPath];
  return Array.isArray(lines) ? (lines as T[]) : [];
}

/** Whether two lines are the same item: the same part number, or the same glass piece (shape and sides). */
export function isSameItem(a: CartLine, b: CartLine): boolean {
  if ('partNumber' in a && 'partNumber' in b) return a.partNumber === b.partNumber;
  if ('glassShape' in a && 'glassShape' in b) {
    return (
      a.glassShape === b.glassShape &&
      a.leftSideInches === b.leftSideInches &&
      a.bottomSideInches === b.bottomSideInches &&
      (a.glassShape === 'Rectangular' || a.rightSideInches === b.rightSideInches)
    );
  }
  return false;
}

/** Spec 3 §4: adding raises the quantity of the same item's line, or appends a new line. */
export function addLine<T extends CartLine>(lines: readonly T[], line: T): T[] {
  const index = lines.findIndex((existing) => isSameItem(existing, line));
  if (index < 0) return [...lines, line];
  return lines.map((existing, i) =>
    i === index ? { ...existing, quantity: (Number(existing.quantity) || 0) + line.quantity } : existing,
  );
}

/** Spec 3 §4: remove deletes the line. */
export function removeLine<T extends CartLine>(lines: readonly T[], index: number): T[] {
  return lines.filter((_line, i) => i !== index);
}

/** The count of items (quantities summed), for the cart badge. */
export function countItems(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + (Number(line.quantity) || 0), 0);
}
