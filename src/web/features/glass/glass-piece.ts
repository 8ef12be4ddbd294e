import { createSession, toNumber, type CompiledDefinition, type FormContext, type FormState } from '../../../engine';
import { cartFieldsOf, type GlassLine } from '../carts';

/** The sides a dealer types on the glass page, as typed. */
export interface PieceInput {
  glassShape: string;
  leftSideInches: string;
  bottomSideInches: string;
  rightSideInches: string;
}

export type SideField = 'leftSideInches' | 'bottomSideInches' | 'rightSideInches';
export const sideFields: readonly SideField[] = ['leftSideInches', 'bottomSideInches', 'rightSideInches'];

/** Spec 3 §5: side inputs accept digits and one dot only ("1a2.5.0" -> "12.50"). */
export function filterSideText(text: string): string {
  const kept = text.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  return dot < 0 ? kept : `${kept.slice(0, dot + 1)}${kept.slice(dot + 1).replace(/\./g, '')}`;
}

/** The sides that are shown for a shape (a rectangle's right side is its left side). */
export function shownSides(glassShape: string): SideField[] {
  return glassShape === 'Rectangular' ? ['leftSideInches', 'bottomSideInches'] : [...sideFields];
}

/** The piece as a cart line (numbers; an empty side stays undefined). */
export function toGlassLine(piece: PieceInput): Partial<GlassLine> & { quantity: number } {
  const left = toNumber(piece.leftSideInches) ?? undefined;
  return {
    glassShape: piece.glassShape || undefined,
    leftSideInches: left,
    bottomSideInches: toNumber(piece.bottomSideInches) ?? undefined,
    rightSideInches: piece.glassShape === 'Rectangular' ? left : (toNumber(piece.rightSideInches) ?? undefined),
    quantity: 1,
  };
}

/** The glass-cart definition run on one piece (spec 3 §9 price, 4-96 in, high side, 14 in slope): its derived state. */
export function checkPiece(
  definition: CompiledDefinition,
  context: FormContext,
  glassType: unknown,
  piece: PieceInput,
): FormState {
  const fields = cartFieldsOf(definition);
  return createSession(definition, {
    context,
    start: { ...(fields.glassType ? { [fields.glassType]: glassType } : {}), [fields.lines]: [toGlassLine(piece)] },
  }).state;
}

/** Path of a field of the piece in the one-piece session (the first line of the cart's lines field). */
export const piecePath = (linesField: string, field: SideField | 'glassShape') => `${linesField}.0.${field}`;
