import type { CataloguePart } from './api/catalogue-parts';

/** Spec 3 §9: the old door identifiers are shown as the sizes dealers know. */
const doorIdentifierNames: Record<string, string> = { '35inx80in': '36inx80in', '43inx86in': '42inx86in' };

/** 35inx80in -> 36inx80in, 43inx86in -> 42inx86in; anything else as it is. */
export function showDoorIdentifier(identifier: string): string {
  return doorIdentifierNames[identifier] ?? identifier;
}

/** Spec 3 §2: the transom category 406 Temp is shown as 406 IG. */
export function showTransomCategory(category: string): string {
  return category === '406 Temp' ? '406 IG' : category;
}

/** Spec 3 §7: a colour swatch is named by the lowercase alphanumeric colour name (SANDSTONE -> sandstone). */
export function swatchName(color: string): string {
  return color.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** One select box of a card: which field of the variants it chooses, and how a value reads. */
export interface VariantSelect {
  field: keyof CataloguePart;
  label: string;
  show?(value: string): string;
}

/** The fields a card chooses between: its selects, then the colour swatches. */
export type Selection = Partial<Record<keyof CataloguePart, string>>;

const valueOf = (part: CataloguePart, field: keyof CataloguePart): string => String(part[field] ?? '');

/** The values a select offers among the variants, in catalogue order. */
export function optionsOf(variants: readonly CataloguePart[], field: keyof CataloguePart): string[] {
  return Array.from(new Set(variants.map((part) => valueOf(part, field)).filter((value) => value !== '')));
}

/** The variant the selection names exactly, if there is one. */
export function findVariant(
  variants: readonly CataloguePart[],
  fields: readonly (keyof CataloguePart)[],
  selection: Selection,
): CataloguePart | undefined {
  return variants.find((part) => fields.every((field) => valueOf(part, field) === (selection[field] ?? '')));
}

/** The selection of a variant. */
export function selectionOf(part: CataloguePart | undefined, fields: readonly (keyof CataloguePart)[]): Selection {
  return Object.fromEntries(fields.map((field) => [field, part ? valueOf(part, field) : ''])) as Selection;
}

/**
 * A new choice in one select: the variant with that value which keeps most of the other choices (so a size
 * offered only in some styles never leaves the card on a combination that does not exist).
 */
export function chooseVariant(
  variants: readonly CataloguePart[],
  fields: readonly (keyof CataloguePart)[],
  current: Selection,
  field: keyof CataloguePart,
  value: string,
): Selection {
  let best: CataloguePart | undefined;
  let bestScore = -1;
  for (const part of variants) {
    if (valueOf(part, field) !== value) continue;
    const score = fields.filter((other) => valueOf(part, other) === (current[other] ?? '')).length;
    if (score > bestScore) [best, bestScore] = [part, score];
  }
  return best ? selectionOf(best, fields) : current;
}

/** The parts grouped into cards (by `groupOf`), in catalogue order. */
export function groupVariants(
  parts: readonly CataloguePart[],
  groupOf: (part: CataloguePart) => string,
): { key: string; variants: CataloguePart[] }[] {
  const groups = new Map<string, CataloguePart[]>();
  for (const part of parts) {
    const key = groupOf(part);
    groups.set(key, [...(groups.get(key) ?? []), part]);
  }
  return Array.from(groups, ([key, variants]) => ({ key, variants }));
}
